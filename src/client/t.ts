import { authMessageKey } from '../../modules/accounts/contracts';

export type Messages = Record<string, unknown>;
export type T = (key: string, vars?: Record<string, string>) => string;

/** A tiny translator over one namespace's messages (handed in by the page): no i18next on the client. */
export function makeT(messages: Messages): T {
  return (key, vars) => {
    let value: unknown = messages;
    for (const part of key.split('.')) value = (value as Record<string, unknown> | undefined)?.[part];
    if (typeof value !== 'string') return key;
    return vars ? value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => vars[name] ?? '') : value;
  };
}

/** Our English API/validation messages in the page's language; unknown text passes through. */
export function translateMessage(t: T, message: string | undefined): string | undefined {
  if (!message) return message;
  const key = authMessageKey(message);
  return key ? t(`messages.${key}`) : message;
}
