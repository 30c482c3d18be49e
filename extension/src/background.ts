import { EXTENSION_MENU, type ExtensionMenuItem } from '../../modules/devices/contracts';
import { chosenService, load, onChange, type Stored } from './lib/settings';
import { createPageUrl } from './lib/services';
import { sendToChat, type SendOutcome } from './lib/send';
import { translator } from './lib/i18n';
import { pickerPool, pickerResults, recordDiagnostic, takeHandoff } from './lib/composer-worker';
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

/**
 * Send from the context menu: into the composer of the active tab of the window clicked in, or to
 * the chosen service opened in a new tab. A worker has no clipboard: for a custom service a
 * short-lived extension page copies, then goes to the service.
 */
export async function sendText(settings: Stored, text: string, pageUrl: string | undefined, tabId: number | undefined): Promise<SendOutcome> {
  const activeTab = tabId ?? (await chrome.tabs.query({ active: true, lastFocusedWindow: true }))[0]?.id;
  return sendToChat(settings, text, pageUrl, {
    activeTab,
    openCopied: async (url, copied) => {
      const key = crypto.randomUUID();
      await chrome.storage.session.set({ [`send:${key}`]: { text: copied, url } });
      await chrome.tabs.create({ url: chrome.runtime.getURL(`send.html#${key}`) });
    },
  });
}

export async function onMenuClick(
  info: Pick<chrome.contextMenus.OnClickData, 'menuItemId' | 'selectionText' | 'pageUrl'>,
  tab?: chrome.tabs.Tab,
): Promise<string | SendOutcome | void> {
  const text = info.selectionText?.trim();
  if (!text) return;
  const settings = await load();
  switch (info.menuItemId as MenuId) {
    case 'promptory-send':
      return sendText(settings, text, info.pageUrl, tab?.id);
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
chrome.contextMenus.onClicked.addListener((info, tab) => void onMenuClick(info, tab));
void chrome.sidePanel.setPanelBehavior({ openPanelOnActionClick: true }).catch(() => undefined);

// The chat sites' content script: the picker's search, a use counted, a failure noted, a handed-over text.
chrome.runtime.onMessage.addListener((message: ToWorker, sender, reply: (answer: unknown) => void) => {
  switch (message.kind) {
    case 'promptory:search':
      void pickerResults(message.q).then(reply);
      return true;
    case 'promptory:pool':
      void pickerPool().then(reply);
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
