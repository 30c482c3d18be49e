import { apiClient, type ApiRequest } from '../shared/api-client';

/**
 * The islands' calls: JSON, with the session cookie; a content-type header only when there is
 * a body. A non-OK answer throws an HttpError "{status}: {body text or status text}".
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
  }
  /** The `error` field of a JSON error body, if there is one. */
  get errorField(): string | undefined {
    try {
      const parsed = JSON.parse(this.body) as { error?: unknown };
      return typeof parsed.error === 'string' ? parsed.error : undefined;
    } catch {
      return undefined;
    }
  }
  /** The `issues` of a 400 answer (src/server/http.ts): each with its field, zod code and broken limit. */
  get issues(): { path: (string | number)[]; message: string; code?: string; limit?: number }[] {
    try {
      const parsed = JSON.parse(this.body) as { issues?: unknown };
      return Array.isArray(parsed.issues) ? parsed.issues : [];
    } catch {
      return [];
    }
  }
}

async function sameOrigin({ method, path, body }: ApiRequest): Promise<unknown> {
  const init: RequestInit = { method, credentials: 'same-origin', headers: { accept: 'application/json' } };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { accept: 'application/json', 'content-type': 'application/json' };
  }
  const response = await fetch(path, init);
  const text = await response.text();
  if (!response.ok) throw new HttpError(response.status, text, response.statusText);
  return text ? JSON.parse(text) : null;
}

/** The islands' typed client: `await api(routes.rate, { body: { promptId, value } })`. */
export const api = apiClient(sameOrigin);
