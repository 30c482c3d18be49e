import { describe, expect, it } from 'vitest';
import { CHAT_SITES, contentScriptMatches, holds, siteForHost, triggerAt } from '../../extension/src/lib/chat-sites';

/** The site table is data: these checks keep an edit to it from breaking the content script. */
describe('the chat site table', () => {
  it('describes the ten sites, each with hosts, selectors in order and a known editor', () => {
    expect(CHAT_SITES.map((s) => s.id)).toEqual(['chatgpt', 'claude', 'gemini', 'perplexity', 'deepseek', 'copilot', 'grok', 'kimi', 'doubao', 'qwen']);
    for (const site of CHAT_SITES) {
      expect(site.hosts.length, site.id).toBeGreaterThan(0);
      expect(site.selectors.length, site.id).toBeGreaterThan(0);
      expect(['prosemirror', 'quill', 'lexical', 'textarea', 'contenteditable']).toContain(site.editor);
      expect(['paragraph', 'shift-enter']).toContain(site.lineBreak);
      expect(['promptory', 'site']).toContain(site.slashMenu);
      expect(new URL(site.open).protocol).toBe('https:');
    }
    // A host belongs to one site only.
    const hosts = CHAT_SITES.flatMap((s) => s.hosts);
    expect(new Set(hosts).size).toBe(hosts.length);
  });

  it('injects the content script into the table’s hosts only, over https', () => {
    expect(contentScriptMatches()).toContain('https://chatgpt.com/*');
    expect(contentScriptMatches().every((m) => /^https:\/\/[a-z0-9.-]+\/\*$/.test(m))).toBe(true);
    expect(siteForHost('www.perplexity.ai')?.id).toBe('perplexity');
    expect(siteForHost('example.com')).toBeUndefined();
  });
});

describe('the picker’s trigger', () => {
  it('is /, ／ or 、 at the start of the composer or after whitespace, never inside a word', () => {
    expect(triggerAt('/')).toBe(0);
    expect(triggerAt('Hello /')).toBe(6);
    expect(triggerAt('line\n／')).toBe(5);
    expect(triggerAt('你好 、')).toBe(3);
    expect(triggerAt('either/')).toBe(-1);
    expect(triggerAt('你好、')).toBe(-1);
    expect(triggerAt('Hello')).toBe(-1);
    expect(triggerAt('')).toBe(-1);
  });
});

describe('verification', () => {
  it('finds the inserted text whatever line breaks the editor renders', () => {
    expect(holds('Before First\u200b line\n\nSecond', 'First line\n\nSecond')).toBe(true);
    expect(holds('Before', 'First line')).toBe(false);
  });
});
