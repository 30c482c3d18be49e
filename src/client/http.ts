import type { WireError, WireIssue } from '../../events/refusals';
import { apiClient, type ApiRequest } from '../shared/api-client';
import { refusalText, wireErrorOf } from '../shared/refusals';

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
  /** The answer's refusal `{ error, code, values?, issues? }` (src/server/http.ts); a body that is not one keeps its text as `error`. */
  get refused(): WireError {
    try {
      return wireErrorOf(JSON.parse(this.body)) ?? { error: this.message };
    } catch {
      return { error: this.message };
    }
  }
  /** The `issues` of a 400 answer: each with its field, zod code and broken limit. */
  get issues(): WireIssue[] {
    return this.refused.issues ?? [];
  }
}

/**
 * What a failed call says in the reader's language: a refusal by its code (with its first
 * field issue's message chosen by the caller, when given), anything else (the network) as
 * `otherwise`.
 */
export function failureText(t: Parameters<typeof refusalText>[0], error: unknown, otherwise: string): string {
  return refusedText(t, error) ?? otherwise;
}

/** A refused call's reason in the reader's language; undefined for any other failure (the network). */
export function refusedText(t: Parameters<typeof refusalText>[0], error: unknown): string | undefined {
  return error instanceof HttpError ? refusalText(t, error.refused) : undefined;
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

/**
 * The same typed client over XMLHttpRequest, which reports how much of the body has gone up
 * (fetch does not): for a large body, an import file of up to 5 MB. `onProgress` gets 0 to 1.
 */
export function apiWithUploadProgress(onProgress: (fraction: number) => void) {
  return apiClient(
    ({ method, path, body }) =>
      new Promise((resolve, reject) => {
        const xhr = new XMLHttpRequest();
        xhr.open(method, path);
        xhr.withCredentials = true;
        xhr.setRequestHeader('accept', 'application/json');
        if (body !== undefined) xhr.setRequestHeader('content-type', 'application/json');
        xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
        xhr.onload = () => {
          const text = xhr.responseText;
          if (xhr.status < 200 || xhr.status >= 300) reject(new HttpError(xhr.status, text, xhr.statusText));
          else resolve(text ? JSON.parse(text) : null);
        };
        xhr.onerror = () => reject(new TypeError('Network request failed'));
        xhr.send(body === undefined ? null : JSON.stringify(body));
      }),
  );
}
