import { expect } from 'vitest';
import { lastMail } from './test-app';

/** What a call over real HTTP answered: the body parsed when it is JSON, else its text. */
export interface HttpAnswer {
  status: number;
  body: any;
  text: string;
  headers: Headers;
}
export type HttpClient = (method: string, path: string, body?: unknown) => Promise<HttpAnswer>;

/**
 * A client of a running server that keeps its cookies by name, as a browser does; every
 * request carries the site's Origin, so writes pass the same-origin check.
 */
export function cookieClient(baseUrl: () => string): HttpClient {
  const jar = new Map<string, string>();
  return async (method, path, body) => {
    const headers: Record<string, string> = { origin: baseUrl() };
    if (jar.size) headers.cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${baseUrl()}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    for (const set of response.headers.getSetCookie()) {
      const [pair] = set.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const text = await response.text();
    const json = text !== '' && response.headers.get('content-type')?.includes('json');
    return { status: response.status, body: json ? JSON.parse(text) : text || null, text, headers: response.headers };
  };
}

/**
 * A client signed in as `email`: registered (unless it is the admin, who exists from the
 * start) and its password set from the emailed link in `dataDir`'s outbox.
 */
export async function signedInClient(baseUrl: () => string, dataDir: string, email: string, name: string, adminEmail: string): Promise<HttpClient> {
  const client = cookieClient(baseUrl);
  if (email !== adminEmail) expect((await client('POST', '/api/auth/register', { name, email })).status).toBe(200);
  const token = new URL(lastMail(dataDir, email)!.link!).searchParams.get('token');
  expect((await client('POST', '/api/auth/set-password', { email, token, password: 'correct horse battery' })).status).toBe(200);
  return client;
}
