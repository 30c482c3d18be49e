import type { z } from 'zod';
import type { submitPromptRequest } from '../../../modules/prompts/contracts';
import type { WireError } from '../../../events/refusals';
import { apiClient, type ApiRequest, type Transport } from '../../../src/shared/api-client';
import { wireErrorOf } from '../../../src/shared/refusals';
import * as routes from '../../../src/shared/api-routes.generated';
import type { Stored } from './settings';

/** A refused call: the site's answer `{ error, code, values?, issues? }` (its reason by code, events/refusals.ts) and its status. */
export type Failure = { kind: 'offline' } | { kind: 'signed-out' } | { kind: 'refused'; status: number; refused: WireError };

export class ApiError extends Error {
  constructor(readonly failure: Failure) {
    super(failure.kind === 'refused' ? failure.refused.error : failure.kind);
  }
}

/**
 * The site's /api over HTTP, authenticated by the device token only: `credentials: 'omit'`
 * keeps the site's cookies out, so the extension never rides on a web session.
 */
function bearer(settings: Pick<Stored, 'siteUrl'>, token: string | null): Transport {
  return async ({ method, path, body }: ApiRequest) => {
    if (typeof navigator !== 'undefined' && navigator.onLine === false) throw new ApiError({ kind: 'offline' });
    const headers: Record<string, string> = { accept: 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await fetch(new URL(path, settings.siteUrl), {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'omit',
        cache: 'no-store',
      });
    } catch {
      // A network error: no connection, or the site cannot be reached.
      throw new ApiError({ kind: 'offline' });
    }
    if (response.status === 401) throw new ApiError({ kind: 'signed-out' });
    const text = await response.text();
    let data: unknown;
    try {
      data = text ? JSON.parse(text) : null;
    } catch {
      data = null;
    }
    if (!response.ok) {
      throw new ApiError({
        kind: 'refused',
        status: response.status,
        refused: wireErrorOf(data) ?? { error: `${response.status}: ${text || response.statusText}` },
      });
    }
    return data;
  };
}

/** The site's typed client for these settings; `token` overrides the stored one (the sign-in check). */
export const siteApi = (settings: Pick<Stored, 'siteUrl' | 'deviceToken'>, token = settings.deviceToken) => apiClient(bearer(settings, token));

export const api = {
  me: (s: Stored, token?: string | null) => siteApi(s, token ?? s.deviceToken)(routes.me),
  prompts: (s: Stored, q: string, categoryId: number) =>
    siteApi(s)(routes.extensionPrompts, { query: { q: q.trim() || undefined, categoryId: categoryId || undefined } }),
  favorites: (s: Stored, query: { cursor?: number; limit: number }) => siteApi(s)(routes.myBookmarks, { query }),
  /** The user's own prompts (private ones too) with their status: My Prompts. */
  mine: (s: Stored, query: { q: string; cursor?: number; limit: number }) =>
    siteApi(s)(routes.mySubmissions, { query: { q: query.q.trim() || undefined, cursor: query.cursor, limit: query.limit } }),
  use: (s: Stored, id: number) => siteApi(s)(routes.use, { params: { id } }),
  submit: (s: Stored, prompt: z.input<typeof submitPromptRequest>) => siteApi(s)(routes.submit, { body: prompt }),
  /** Near-duplicates of a prompt about to be submitted. */
  duplicates: (s: Stored, text: { title: string; content: string }) => siteApi(s)(routes.duplicates, { body: text }),
  signOut: (s: Stored) => siteApi(s)(routes.signOutDevice),
  /** Tells the site which key the approval page will ask about: without a token (there is none yet). */
  requestConnection: (s: Stored, body: { name: string; tokenHash: string }) => siteApi(s, null)(routes.requestConnection, { body }),
};
