import { keptFillValues } from '../shared/fill-in';

/**
 * The values a person last typed into a prompt's fill-in panel, kept in their own browser
 * (per prompt id and variable name) until the server remembers them for signed-in users.
 * Storage may be off or full (private windows, quotas): then nothing is remembered.
 */
const key = (promptId: number) => `promptory:fill:${promptId}`;

export function lastFillValues(promptId: number): Record<string, string> {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(key(promptId)) ?? '{}');
    if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return {};
    return Object.fromEntries(Object.entries(stored).filter((e): e is [string, string] => typeof e[1] === 'string'));
  } catch {
    return {};
  }
}

/** Keeps the non-empty values (an emptied field forgets its last value). */
export function rememberFillValues(promptId: number, values: Record<string, string>): void {
  const kept = keptFillValues(values);
  try {
    if (Object.keys(kept).length === 0) localStorage.removeItem(key(promptId));
    else localStorage.setItem(key(promptId), JSON.stringify(kept));
  } catch {
    /* storage unavailable: the panel just starts from the defaults next time */
  }
}
