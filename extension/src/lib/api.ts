import type { PromptView } from '../../../modules/prompts/contracts';
import type { Stored } from './settings';

/**
 * The site's /api over HTTP, authenticated by the device token only: `credentials: 'omit'`
 * keeps the site's cookies out, so the extension never rides on a web session.
 */
/** A field problem as the site's 400 answers name it. */
export interface Issue {
  path: (string | number)[];
  message: string;
  /** zod's issue code, and the broken bound if any: what the form's message is chosen from. */
  code?: string;
  limit?: number;
}

export type Failure = { kind: 'offline' } | { kind: 'signed-out' } | { kind: 'refused'; status: number; message: string; issues?: Issue[] };

export class ApiError extends Error {
  constructor(readonly failure: Failure) {
    super(failure.kind === 'refused' ? failure.message : failure.kind);
  }
}

export interface FavoriteView {
  id: number;
  promptId: number;
  prompt: PromptView;
}

export async function call<T>(
  settings: Pick<Stored, 'siteUrl' | 'deviceToken'>,
  method: string,
  path: string,
  body?: unknown,
  token = settings.deviceToken,
): Promise<T> {
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
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) {
    const error = data as { error?: string; issues?: Issue[] } | null;
    throw new ApiError({ kind: 'refused', status: response.status, message: error?.error || `${response.status}: ${text || response.statusText}`, issues: error?.issues });
  }
  return data as T;
}

export const api = {
  me: (s: Stored, token?: string | null) =>
    call<{ user: { id: number; name: string; email: string } | null }>(s, 'GET', '/api/auth/me', undefined, token ?? s.deviceToken),
  prompts: (s: Stored, q: string, categoryId: number) => {
    const params = new URLSearchParams();
    if (q.trim()) params.set('q', q.trim());
    if (categoryId) params.set('categoryId', String(categoryId));
    return call<PromptView[]>(s, 'GET', `/api/extension/prompts?${params}`);
  },
  favorites: (s: Stored) => call<FavoriteView[]>(s, 'GET', '/api/favorites/my'),
  use: (s: Stored, id: number) => call<unknown>(s, 'PUT', `/api/prompts/${id}/use`),
  submit: (s: Stored, prompt: unknown) => call<{ id: number }>(s, 'POST', '/api/prompts', prompt),
  signOut: (s: Stored) => call<unknown>(s, 'DELETE', '/api/extension/devices/current'),
};
