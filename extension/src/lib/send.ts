import { chosenService, type Stored } from './settings';
import { composeText, planSend } from './services';

/** Sends from an extension page (which, unlike the worker, may use the clipboard). */
export async function sendFromPage(settings: Stored, text: string, pageUrl?: string): Promise<{ url: string; copied: boolean }> {
  const plan = planSend(chosenService(settings), composeText(text, pageUrl, settings.includePageUrl));
  if (plan.kind === 'copy-then-open') await navigator.clipboard.writeText(plan.text);
  await chrome.tabs.create({ url: plan.url });
  return { url: plan.url, copied: plan.kind === 'copy-then-open' };
}
