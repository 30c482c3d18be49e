import { chosenService, type Stored } from './settings';
import { composeText, planSend } from './services';
import type { InsertAnswer, ToTab } from './messages';

/** Sends from an extension page (which, unlike the worker, may use the clipboard). */
export async function sendFromPage(settings: Stored, text: string, pageUrl?: string): Promise<{ url: string; copied: boolean }> {
  const plan = planSend(chosenService(settings), composeText(text, pageUrl, settings.includePageUrl));
  if (plan.kind === 'copy-then-open') await navigator.clipboard.writeText(plan.text);
  await chrome.tabs.create({ url: plan.url });
  return { url: plan.url, copied: plan.kind === 'copy-then-open' };
}

/**
 * Into the composer of this window's active tab, at its last caret, through the chat site's
 * content script; null when the tab is not one of the site table's chat sites (no script answers).
 */
export async function insertIntoActiveTab(text: string): Promise<InsertAnswer | null> {
  const [tab] = await chrome.tabs.query({ active: true, currentWindow: true });
  if (tab?.id === undefined) return null;
  try {
    return ((await chrome.tabs.sendMessage(tab.id, { kind: 'promptory:insert', text } satisfies ToTab)) as InsertAnswer | undefined) ?? null;
  } catch {
    return null;
  }
}
