import { keptFillValues } from '../../../src/shared/fill-in';

/**
 * The values last filled into a prompt's variables in the side panel, kept in the extension's
 * own storage beside its preferences (the site keeps a visitor's in its own localStorage, which
 * an extension page cannot read). Keyed by site as well as prompt: prompt ids are per site, and
 * the site address can be changed in the options.
 */
const key = (siteUrl: string, promptId: number) => `fill:${new URL(siteUrl).origin}:${promptId}`;

export async function lastFillValues(siteUrl: string, promptId: number): Promise<Record<string, string>> {
  try {
    const k = key(siteUrl, promptId);
    const stored: unknown = (await chrome.storage.local.get(k))[k];
    if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return {};
    return Object.fromEntries(Object.entries(stored).filter((e): e is [string, string] => typeof e[1] === 'string'));
  } catch {
    // Storage refused (quota, a corrupt profile): the form starts from the defaults.
    return {};
  }
}

/** Keeps the non-empty values (an emptied field forgets its last value), as the site does. */
export async function rememberFillValues(siteUrl: string, promptId: number, values: Record<string, string>): Promise<void> {
  const kept = keptFillValues(values);
  const k = key(siteUrl, promptId);
  try {
    if (Object.keys(kept).length === 0) await chrome.storage.local.remove(k);
    else await chrome.storage.local.set({ [k]: kept });
  } catch {
    /* not remembered: the next opening starts from the defaults */
  }
}
