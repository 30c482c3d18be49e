import { api, ApiError } from './api';
import { load } from './settings';
import { DIAGNOSTICS_KEPT, DIAGNOSTICS_KEY, type Diagnostic, type PickerPrompt, type PickerResults } from './messages';

/**
 * The worker's side of the chat sites' picker: it asks the site (the side panel's own search
 * routes, so the picker finds what the panel finds), keeps the local diagnostics, and holds
 * text handed to a tab it opened.
 */
const OWN_LIMIT = 20;

const pickerPrompt = (p: { id: number; title: string; description: string; content: string }, own: boolean): PickerPrompt => ({
  id: p.id,
  title: p.title,
  description: p.description,
  content: p.content,
  own,
});

/** How long the pool is served as it is; older, it is served and asked again behind. */
const POOL_FRESH_MS = 60_000;
const POOL_PAGE = 100;
/** At most this many own prompts in the pool (past it the site's answers alone find the rest). */
const POOL_MAX = 5000;
let pool: { key: string; at: number; answer: Promise<PickerResults> } | null = null;

/**
 * What the picker narrows on the page while the site is asked: every prompt of the user's own
 * (newest first, private ones included) and the library's first page. Kept in the worker for a
 * minute, for every tab: a picker opens and filters at once from it, and the site's ranked answer
 * to the filter replaces the narrowed list when it comes.
 */
export async function pickerPool(): Promise<PickerResults> {
  const settings = await load();
  const key = `${settings.siteUrl}\n${settings.deviceToken ?? ''}`;
  const now = Date.now();
  if (pool?.key === key && now - pool.at < POOL_FRESH_MS) return pool.answer;
  const stale = pool?.key === key ? pool.answer : null;
  const answer = readPool(settings);
  pool = { key, at: now, answer };
  // A failed read is not kept: the next open asks again.
  void answer.then((a) => a.failed && pool?.answer === answer && (pool = null));
  return stale ?? answer;
}

async function readPool(settings: Awaited<ReturnType<typeof load>>): Promise<PickerResults> {
  const base = { language: settings.language, siteUrl: settings.siteUrl };
  try {
    const own: PickerPrompt[] = [];
    let signedIn = false;
    const library = api.prompts(settings, '', 0);
    if (settings.deviceToken) {
      let cursor: number | undefined;
      try {
        do {
          const page = await api.mine(settings, { q: '', cursor, limit: POOL_PAGE });
          own.push(...page.items.map((p) => pickerPrompt(p, true)));
          cursor = page.nextCursor ?? undefined;
        } while (cursor !== undefined && own.length < POOL_MAX);
        signedIn = true;
      } catch (error) {
        if (!(error instanceof ApiError && error.failure.kind === 'signed-out')) throw error;
      }
    }
    const ownIds = new Set(own.map((p) => p.id));
    const prompts = [...own, ...(await library).filter((p) => !ownIds.has(p.id)).map((p) => pickerPrompt(p, false))];
    return { ...base, prompts, signedIn, readAt: Date.now() };
  } catch (error) {
    const offline = error instanceof ApiError && error.failure.kind === 'offline';
    return { ...base, prompts: [], signedIn: settings.deviceToken !== null, failed: offline ? 'offline' : 'refused' };
  }
}

export async function pickerResults(q: string): Promise<PickerResults> {
  const settings = await load();
  const base = { language: settings.language, siteUrl: settings.siteUrl };
  const mine = settings.deviceToken
    ? api.mine(settings, { q, limit: OWN_LIMIT }).then(
        (page) => page.items,
        (error: unknown) => (error instanceof ApiError && error.failure.kind === 'signed-out' ? null : Promise.reject(error)),
      )
    : Promise.resolve(null);
  try {
    const [own, library] = await Promise.all([mine, api.prompts(settings, q, 0)]);
    // The user's own prompts first (private ones included), then the library without repeating them.
    const ownIds = new Set((own ?? []).map((p) => p.id));
    const prompts: PickerPrompt[] = [
      ...(own ?? []).map((p) => pickerPrompt(p, true)),
      ...library.filter((p) => !ownIds.has(p.id)).map((p) => pickerPrompt(p, false)),
    ];
    return { ...base, prompts, signedIn: own !== null };
  } catch (error) {
    const offline = error instanceof ApiError && error.failure.kind === 'offline';
    return { ...base, prompts: [], signedIn: settings.deviceToken !== null, failed: offline ? 'offline' : 'refused' };
  }
}

export async function recordDiagnostic(diagnostic: Omit<Diagnostic, 'at'>): Promise<void> {
  const kept = ((await chrome.storage.local.get(DIAGNOSTICS_KEY))[DIAGNOSTICS_KEY] as Diagnostic[] | undefined) ?? [];
  const entry: Diagnostic = { ...diagnostic, at: new Date().toISOString() };
  await chrome.storage.local.set({ [DIAGNOSTICS_KEY]: [entry, ...kept].slice(0, DIAGNOSTICS_KEPT) });
}

/** Text waiting for the tab the extension opened (memory only: `chrome.storage.session`). */
const handoffKey = (tabId: number) => `handoff:${tabId}`;

export async function handOver(tabId: number, text: string): Promise<void> {
  await chrome.storage.session.set({ [handoffKey(tabId)]: text });
}

let taking: Promise<unknown> = Promise.resolve();

/**
 * The text for this tab, once: a reload does not insert it again. One at a time: the page's ask
 * on load and its ask when told the text is stored may cross, and only one may get it.
 */
export function takeHandoff(tabId: number | undefined): Promise<string | null> {
  const taken = taking.then(() => takeOnce(tabId));
  taking = taken.catch(() => null);
  return taken;
}

async function takeOnce(tabId: number | undefined): Promise<string | null> {
  if (tabId === undefined) return null;
  const key = handoffKey(tabId);
  const text = (await chrome.storage.session.get(key))[key] as string | undefined;
  if (text === undefined) return null;
  await chrome.storage.session.remove(key);
  return text;
}
