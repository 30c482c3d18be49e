import { chosenService, type Stored } from './settings';
import { composeText, deliveryFor } from './services';
import { handOver } from './composer-worker';
import type { InsertAnswer, ToTab } from './messages';

/** Where a Send went: into the active tab's composer, or to a tab opened at the chosen service. */
export type SendOutcome = ({ kind: 'inserted' } & InsertAnswer) | { kind: 'opened'; url: string; copied: boolean };

/**
 * Send, from the side panel or the context menu: into the composer of the window's active tab
 * when it is a chat site of the site table; otherwise the chosen service opens and its composer
 * takes the text over from extension storage (a custom service gets it on the clipboard).
 * `openCopied` opens a page with the text copied: an extension page may copy itself, the worker
 * cannot.
 */
export async function sendToChat(
  settings: Stored,
  text: string,
  pageUrl: string | undefined,
  how: { activeTab: number | undefined; openCopied: (url: string, text: string) => Promise<void> },
): Promise<SendOutcome> {
  const body = composeText(text, pageUrl, settings.includePageUrl);
  const answer = how.activeTab === undefined ? null : await insertIntoTab(how.activeTab, body);
  if (answer) return { kind: 'inserted', ...answer };
  const service = chosenService(settings);
  if (deliveryFor(service) === 'clipboard') {
    await how.openCopied(service.url, body);
    return { kind: 'opened', url: service.url, copied: true };
  }
  const tab = await chrome.tabs.create({ url: service.url });
  if (tab.id === undefined) throw new Error('no tab');
  await handOver(tab.id, body);
  // The page may have asked on load before the text was stored: tell it (no answer while it is not loaded yet; it asks then).
  await chrome.tabs.sendMessage(tab.id, { kind: 'promptory:handoff-ready' } satisfies ToTab).catch(() => undefined);
  return { kind: 'opened', url: service.url, copied: false };
}

/** Send from an extension page (the side panel), which may use the clipboard itself. */
export async function sendFromPage(settings: Stored, text: string): Promise<SendOutcome> {
  const [active] = await chrome.tabs.query({ active: true, currentWindow: true });
  return sendToChat(settings, text, undefined, {
    activeTab: active?.id,
    openCopied: async (url, copied) => {
      await navigator.clipboard.writeText(copied);
      await chrome.tabs.create({ url });
    },
  });
}

/** Into the composer of this window's active tab, at its last caret; null when it is not a chat site of the table. */
export async function insertIntoActiveTab(text: string): Promise<InsertAnswer | null> {
  const [tab] = await chrome.tabs.query({ active: true, currentWindow: true });
  return tab?.id === undefined ? null : insertIntoTab(tab.id, text);
}

/** Through the chat site's content script; null when none answers (the tab is no chat site of the table). */
async function insertIntoTab(tabId: number, text: string): Promise<InsertAnswer | null> {
  try {
    return ((await chrome.tabs.sendMessage(tabId, { kind: 'promptory:insert', text } satisfies ToTab)) as InsertAnswer | undefined) ?? null;
  } catch {
    return null;
  }
}
