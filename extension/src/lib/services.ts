/**
 * Chat services and how selected text reaches them. Pure: unit-tested, used by the
 * background worker, the side panel and the options page.
 *
 * `url`: the text goes in the address (`{text}` is replaced, URL-encoded). `clipboard`: the
 * text is copied and the service opens, ready to paste; it keeps working when a service
 * changes its address format, and it is the fallback for text too long for an address.
 */
export type SendMethod = 'url' | 'clipboard';

export interface ChatService {
  id: string;
  name: string;
  /** Address with `{text}` where the text goes (method `url`), or the page to open (`clipboard`). */
  url: string;
  method: SendMethod;
}

export const DEFAULT_SERVICES: readonly ChatService[] = [
  { id: 'chatgpt', name: 'ChatGPT', url: 'https://chatgpt.com/?q={text}', method: 'url' },
  { id: 'claude', name: 'Claude', url: 'https://claude.ai/new?q={text}', method: 'url' },
  { id: 'perplexity', name: 'Perplexity', url: 'https://www.perplexity.ai/search?q={text}', method: 'url' },
  { id: 'copilot', name: 'Microsoft Copilot', url: 'https://copilot.microsoft.com/?q={text}', method: 'url' },
  { id: 'gemini', name: 'Gemini', url: 'https://gemini.google.com/app', method: 'clipboard' },
];

/** Longer text than this goes by clipboard: chat sites cut or refuse very long addresses. */
export const MAX_URL_TEXT = 6000;

/** The text as sent: with the page's address appended when the user asked for it. */
export function composeText(text: string, pageUrl: string | undefined, includeUrl: boolean): string {
  const body = text.trim();
  return includeUrl && pageUrl ? `${body}\n\nSource: ${pageUrl}` : body;
}

export type SendPlan = { kind: 'open'; url: string } | { kind: 'copy-then-open'; url: string; text: string };

export function planSend(service: ChatService, text: string): SendPlan {
  if (service.method === 'url' && service.url.includes('{text}') && text.length <= MAX_URL_TEXT) {
    return { kind: 'open', url: service.url.replaceAll('{text}', encodeURIComponent(text)) };
  }
  // Clipboard, or the text does not fit: open the service's page without the placeholder.
  const home = service.url.replace(/[?&][^?&=]*=\{text\}/g, '').replaceAll('{text}', '');
  return { kind: 'copy-then-open', url: home, text };
}

/** Whether a user-entered service address is usable: http(s), and `{text}` when sent by address. */
export function validServiceUrl(url: string, method: SendMethod): boolean {
  try {
    const parsed = new URL(url.replaceAll('{text}', 'x'));
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return false;
  } catch {
    return false;
  }
  return method === 'clipboard' || url.includes('{text}');
}

/** The create page, prefilled: the site's own route. */
export function createPageUrl(siteUrl: string, text: string, pageUrl?: string): string {
  const url = new URL('/prompts/create', siteUrl);
  url.searchParams.set('content', text.trim());
  if (pageUrl) url.searchParams.set('source', pageUrl);
  return url.toString();
}
