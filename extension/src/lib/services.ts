import { CHAT_SITES, siteForHost } from './chat-sites';

/**
 * Chat services and where selected text goes. Pure: unit-tested, used by the background
 * worker, the side panel and the options page.
 *
 * Text never travels in an address: the chat sites of the site table get it in their composer
 * (the active tab's, or a tab opened for it that takes it over from extension storage); a custom
 * service, which has no content script, opens with the text on the clipboard, ready to paste.
 */
export interface ChatService {
  id: string;
  name: string;
  /** The page to open. */
  url: string;
}

/** Every chat site of the site table, at the page Send opens. */
export const DEFAULT_SERVICES: readonly ChatService[] = CHAT_SITES.map((s) => ({ id: s.id, name: s.name, url: s.open }));

/** The text as sent: with the page's address appended when the user asked for it. */
export function composeText(text: string, pageUrl: string | undefined, includeUrl: boolean): string {
  const body = text.trim();
  return includeUrl && pageUrl ? `${body}\n\nSource: ${pageUrl}` : body;
}

/** How the text reaches a service opened in a new tab: its composer (a site of the table), or the clipboard. */
export function deliveryFor(service: ChatService): 'handoff' | 'clipboard' {
  try {
    return siteForHost(new URL(service.url).hostname) ? 'handoff' : 'clipboard';
  } catch {
    return 'clipboard';
  }
}

/** Whether a user-entered service address is usable: http(s) only. */
export function validServiceUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:';
  } catch {
    return false;
  }
}

/** The create page, prefilled: the site's own route. */
export function createPageUrl(siteUrl: string, text: string, pageUrl?: string): string {
  const url = new URL('/prompts/create', siteUrl);
  url.searchParams.set('content', text.trim());
  if (pageUrl) url.searchParams.set('source', pageUrl);
  return url.toString();
}
