import { CONNECT_PAGE_PATH, confirmationCode } from '../../../modules/devices/contracts';

/** A fresh device token: 32 random bytes, base64url. It never leaves this browser except as a Bearer header. */
export function newToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** SHA-256 hex, the same digest the site stores. */
export async function hashToken(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export function deviceName(): string {
  const platform = (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData?.platform || navigator.platform || '';
  return `Chrome${platform ? ` on ${platform}` : ''}`.slice(0, 60);
}

/**
 * The site page where the signed-in user approves this device, and the code both sides show.
 * The page shows the name the extension gave when it asked (api.requestConnection), not one in the link.
 */
export async function connectLink(siteUrl: string, token: string): Promise<{ url: string; code: string }> {
  const hash = await hashToken(token);
  const url = new URL(CONNECT_PAGE_PATH, siteUrl);
  url.searchParams.set('key', hash);
  return { url: url.toString(), code: confirmationCode(hash) };
}
