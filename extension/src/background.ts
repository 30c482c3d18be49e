import { EXTENSION_MENU, type ExtensionMenuItem } from '../../modules/devices/contracts';
import { chosenService, load, onChange, type Stored } from './lib/settings';
import { composeText, createPageUrl, planSend } from './lib/services';
import { translator } from './lib/i18n';
import { pickerResults, recordDiagnostic, takeHandoff } from './lib/composer-worker';
import type { ToTab, ToWorker } from './lib/messages';
import { api } from './lib/api';

/**
 * The service worker: the context menu on selected text, and the toolbar button opening the
 * side panel. It holds no state: everything is read from storage on each event, since Chrome
 * stops idle workers.
 */
type MenuId = ExtensionMenuItem['id'];

async function buildMenus(): Promise<void> {
  const settings = await load();
  const t = translator(settings.language);
  await chrome.contextMenus.removeAll();
  const service = chosenService(settings).name;
  for (const { id, label } of EXTENSION_MENU) chrome.contextMenus.create({ id, title: t(`menu.${label}`, { service }), contexts: ['selection'] });
}

/** Sends text to the chosen chat service: by address, or copied (by the send page) and then opened. */
export async function sendText(settings: Stored, text: string, pageUrl?: string): Promise<string> {
  const service = chosenService(settings);
  const plan = planSend(service, composeText(text, pageUrl, settings.includePageUrl));
  if (plan.kind === 'open') {
    await chrome.tabs.create({ url: plan.url });
    return plan.url;
  }
  // A worker has no clipboard: a short-lived extension page copies, then goes to the service.
  const key = crypto.randomUUID();
  await chrome.storage.session.set({ [`send:${key}`]: { text: plan.text, url: plan.url, service: service.name } });
  await chrome.tabs.create({ url: chrome.runtime.getURL(`send.html#${key}`) });
  return plan.url;
}

export async function onMenuClick(info: Pick<chrome.contextMenus.OnClickData, 'menuItemId' | 'selectionText' | 'pageUrl'>): Promise<string | void> {
  const text = info.selectionText?.trim();
  if (!text) return;
  const settings = await load();
  switch (info.menuItemId as MenuId) {
    case 'promptory-send':
      return sendText(settings, text, info.pageUrl);
    case 'promptory-open': {
      const url = createPageUrl(settings.siteUrl, text, settings.includePageUrl ? info.pageUrl : undefined);
      await chrome.tabs.create({ url });
      return url;
    }
    case 'promptory-save': {
      const key = crypto.randomUUID();
      await chrome.storage.session.set({ [`draft:${key}`]: { text, pageUrl: info.pageUrl ?? null } });
      const url = chrome.runtime.getURL(`save.html#${key}`);
      await chrome.windows.create({ url, type: 'popup', width: 460, height: 720 });
      return url;
    }
  }
}

chrome.runtime.onInstalled.addListener(() => void buildMenus());
chrome.runtime.onStartup.addListener(() => void buildMenus());
// The menu names the preferred service and speaks the chosen language: rebuild on changes.
onChange(() => void buildMenus());
chrome.contextMenus.onClicked.addListener((info) => void onMenuClick(info));
void chrome.sidePanel.setPanelBehavior({ openPanelOnActionClick: true }).catch(() => undefined);

// The chat sites' content script: the picker's search, a use counted, a failure noted, a handed-over text.
chrome.runtime.onMessage.addListener((message: ToWorker, sender, reply: (answer: unknown) => void) => {
  switch (message.kind) {
    case 'promptory:search':
      void pickerResults(message.q).then(reply);
      return true;
    case 'promptory:used':
      void load().then((s) => api.use(s, message.id).catch(() => undefined));
      return;
    case 'promptory:diagnostic':
      void recordDiagnostic(message.diagnostic);
      return;
    case 'promptory:handoff':
      void takeHandoff(sender.tab?.id).then(reply);
      return true;
  }
});

/** The keyboard command (changeable on chrome://extensions/shortcuts): the picker in the active tab's composer. */
export async function openPickerIn(tabId: number | undefined): Promise<void> {
  if (tabId !== undefined) await chrome.tabs.sendMessage(tabId, { kind: 'promptory:open-picker' } satisfies ToTab).catch(() => undefined);
}
chrome.commands?.onCommand.addListener((command, tab) => {
  if (command === 'open-picker') void openPickerIn(tab?.id);
});

// The browser tests drive the menu through these (Playwright cannot click a native context menu).
Object.assign(globalThis, { promptory: { onMenuClick, sendText, openPickerIn } });
