import type { WireError } from '../../events/refusals';
import type { KeyIn, TranslationKey } from '../i18n/keys';
import type { StringValues } from './strings';

/**
 * A refused request in the reader's language: the text of its `code` (`refusals:<code>` in the
 * locale files, one key per declared refusal: events/refusals.ts) with its `values`. Never
 * from the English `error`, which shows only for a code this build does not know (a newer
 * server's). Pure: the site's islands and the extension both say refusals through it.
 */
export type RefusalCode = KeyIn<'refusals'>;

/** A request its route's schemas refused: its field issues say what (their messages are chosen from field, code and limit). */
export const INVALID_REQUEST: RefusalCode = 'request.invalid';

/** The translation key of a refusal code. */
export const refusalKey = (code: RefusalCode): TranslationKey => `refusals:${code}`;

type Translate = (key: TranslationKey, values?: StringValues) => string;

export function refusalText(t: Translate, refused: WireError): string {
  if (!refused.code) return refused.error;
  return t(refusalKey(refused.code as RefusalCode), { ...refused.values, defaultValue: refused.error });
}

/** Reads a refusal out of an answer's JSON body; undefined when it is not one. */
export function wireErrorOf(body: unknown): WireError | undefined {
  if (!body || typeof body !== 'object' || typeof (body as WireError).error !== 'string') return undefined;
  return body as WireError;
}

/**
 * The bundle prefixes of the refusals any call may meet (bad request, server trouble, sign-in),
 * for a part's `StringsSpec`, beside its own module's (`refusals:devices.`).
 */
export const ANY_CALL_REFUSALS = ['refusals:request.', 'refusals:server.', 'refusals:accounts.signInRequired', 'refusals:accounts.crossOrigin'] as const;
