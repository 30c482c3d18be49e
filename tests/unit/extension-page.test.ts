import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EXTENSION_MENU } from '../../modules/devices/contracts';
import { seedPrompts } from '../../src/server/seed/prompts-data';
import { CHAT_SITES } from '../../extension/src/lib/chat-sites';

/** The /extension page's texts against what the extension and the library really are. */
const site = (lng: string) => JSON.parse(readFileSync(new URL(`../../src/i18n/locales/${lng}/site.json`, import.meta.url), 'utf8')).extension;
const extension = (lng: string) => JSON.parse(readFileSync(new URL(`../../src/i18n/locales/${lng}/extension.json`, import.meta.url), 'utf8'));
const manifest = JSON.parse(readFileSync(new URL('../../extension/manifest.json', import.meta.url), 'utf8'));

describe.each(['en', 'zh-HK'])('extension page (%s)', (lng) => {
  it('previews prompts that exist in the seeded library', () => {
    const titles = new Set(seedPrompts.map((p) => p.title));
    for (const title of Object.values<string>(site(lng).panel.prompts)) expect(titles, title).toContain(title);
  });

  it('names, in the data-security answer, every permission the extension asks Chrome for', () => {
    const answer: string = site(lng).faq.security.a;
    for (const permission of manifest.permissions as string[]) expect(answer).toContain(`${permission}`);
    // host_permissions: this site only; optional_host_permissions: another site, asked for first.
    expect(answer).toContain(lng === 'en' ? 'access to this site only' : '只限本網站的存取權');
    expect(manifest.optional_host_permissions.length).toBeGreaterThan(0);
    expect(answer).toContain(lng === 'en' ? 'optional permission' : '可選權限');
    // The content script runs on the site table's chat sites: the answer names each (Doubao and Qwen by their Chinese names in zh-HK).
    const named: Record<string, string> = lng === 'en' ? {} : { doubao: '豆包', qwen: '通義千問' };
    for (const chat of CHAT_SITES) expect(answer).toContain(named[chat.id] ?? chat.name);
  });

  it('draws the chat-box picker as the extension has it: the ten sites of its table, its keyboard command, a filter that narrows', () => {
    const demo = site(lng).composerDemo;
    const named: Record<string, string> = lng === 'en' ? {} : { doubao: '豆包', qwen: '通義千問' };
    expect(Object.keys(demo.sites)).toEqual(CHAT_SITES.map((chat) => chat.id));
    for (const chat of CHAT_SITES) expect(demo.sites[chat.id]).toBe(named[chat.id] ?? chat.name);
    const key: string = manifest.commands['open-picker'].suggested_key.default;
    expect(demo.shortcut.replace(/<[^>]+>/g, '')).toContain(key);
    // The second frame lists the prompts whose titles hold the filter (ComposerPickerDemo's `narrowed`), and only those.
    const kept = Object.entries<{ title: string }>(demo.prompts).filter(([, p]) => p.title.toLowerCase().includes(demo.filter.toLowerCase()));
    expect(kept.map(([k]) => k)).toEqual(['minutes', 'bullets']);
  });

  it("draws the extension's real context menu: its items, worded, and no other of Promptory's", () => {
    const drawn = Object.keys(site(lng).demo.menu);
    const browsers = ['back', 'copy', 'search'];
    expect(drawn.filter((key) => !browsers.includes(key))).toEqual(EXTENSION_MENU.map((item) => item.label));
    for (const { label } of EXTENSION_MENU) expect(extension(lng).menu[label], label).toBeTruthy();
  });
});
