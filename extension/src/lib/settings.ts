import { LANGUAGES, type Language } from '../../../src/i18n/languages';
import { DEFAULT_SERVICES, type ChatService } from './services';

/**
 * What the extension keeps in the browser: preferences and the device token. Prompts,
 * favourites and submissions live on the site, so nothing the user saves is lost with the browser.
 */
export interface Settings {
  /** The Promptory site (origin) the extension talks to; defaults to the site the zip came from. */
  siteUrl: string;
  serviceId: string;
  /** The user's own service, when `serviceId` is 'custom'. */
  customService: ChatService;
  includePageUrl: boolean;
  language: Language;
}

export interface Stored extends Settings {
  /** The approved device token (sent as `Authorization: Bearer`). */
  deviceToken: string | null;
  /** A token waiting for the user's approval on the site. */
  pendingToken: string | null;
}

/** The site the zip was built for (config.json, written by the build and the download route). */
export async function packagedSiteUrl(): Promise<string> {
  try {
    const response = await fetch(chrome.runtime.getURL('config.json'));
    const config = (await response.json()) as { siteUrl?: string };
    if (config.siteUrl) return new URL(config.siteUrl).origin;
  } catch {
    // fall through to the default
  }
  return 'http://localhost:4321';
}

export function browserLanguage(): Language {
  const ui = (chrome.i18n?.getUILanguage?.() ?? navigator.language ?? 'en').toLowerCase();
  return ui.startsWith('zh') ? 'zh-HK' : 'en';
}

export async function defaults(): Promise<Stored> {
  return {
    siteUrl: await packagedSiteUrl(),
    serviceId: DEFAULT_SERVICES[0].id,
    customService: { id: 'custom', name: 'Custom', url: 'https://example.com/' },
    includePageUrl: false,
    language: browserLanguage(),
    deviceToken: null,
    pendingToken: null,
  };
}

export async function load(): Promise<Stored> {
  const base = await defaults();
  const saved = (await chrome.storage.local.get(Object.keys(base) as (keyof Stored)[])) as Partial<Stored>;
  const merged = { ...base, ...saved };
  if (!LANGUAGES.includes(merged.language)) merged.language = base.language;
  return merged;
}

export async function save(patch: Partial<Stored>): Promise<void> {
  await chrome.storage.local.set(patch);
}

export function services(settings: Pick<Settings, 'customService'>): ChatService[] {
  return [...DEFAULT_SERVICES, { ...settings.customService, id: 'custom' }];
}

export function chosenService(settings: Settings): ChatService {
  const all = services(settings);
  return all.find((s) => s.id === settings.serviceId) ?? all[0];
}

/** Calls `listener` whenever stored settings change (another page saved, or the token arrived). */
export function onChange(listener: () => void): () => void {
  const handler = (_: unknown, area: string) => {
    if (area === 'local') listener();
  };
  chrome.storage.onChanged.addListener(handler);
  return () => chrome.storage.onChanged.removeListener(handler);
}
