import type { ClientMessages } from '../shared/client-messages';

let cached: ClientMessages | null = null;

/** The translated strings the layout renders for client scripts (shared/client-messages.ts). */
export function messages(): ClientMessages {
  if (cached) return cached;
  try {
    cached = JSON.parse(document.getElementById('promptory-messages')?.textContent ?? '{}') as ClientMessages;
  } catch {
    cached = {} as ClientMessages;
  }
  return cached;
}
