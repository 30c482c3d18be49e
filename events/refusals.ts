/**
 * Refusals as data: every "no" the server can answer has a code, declared once beside what
 * makes it (a module's `contracts.ts`, the HTTP layer), with its English text and the values
 * its text interpolates. The wire carries `{ error, code, values?, issues? }`: `error` is the
 * English text (the product's words), `code` and `values` let a client say it in its own
 * language (`refusals:<code>` in the locale files, src/shared/refusals.ts). Pure: both sides
 * and the extension import it.
 *
 *   export const TOKEN_REFUSALS = refusals('tokens', {
 *     notFound: { kind: 'not_found', text: 'Token not found' },
 *     tooMany: { kind: 'conflict', text: 'You already have {{limit}} access tokens.', values: { limit: 'number' } },
 *     // the same, for the usual case of one number:
 *     tooMany: numbered('conflict', 'You already have {{limit}} access tokens.'),
 *   });
 *   throw new DomainError(TOKEN_REFUSALS.notFound);
 *   throw new DomainError(TOKEN_REFUSALS.tooMany({ limit: 5 }));
 */

/** What kind of "no": the HTTP status follows from it (src/server/http.ts). */
export type RefusalKind = 'invalid' | 'unauthenticated' | 'forbidden' | 'not_found' | 'conflict' | 'rate_limited';

/** The type of one interpolated value, as declared. */
export type RefusalValueType = 'number' | 'string';
export type RefusalValues = Readonly<Record<string, string | number>>;

/**
 * One field problem of a 400 answer, the one shape every side uses (server answers, forms,
 * the extension). `code` is zod's issue code (`too_small`, `too_big`, `custom`, ...) and
 * `limit` the bound a size check broke, so a client picks its own translated message from
 * (field, code, limit) and never parses `message` (English).
 */
export interface WireIssue {
  path: (string | number)[];
  message: string;
  code?: string;
  limit?: number;
}

/** The JSON body of every refused request. */
export interface WireError {
  error: string;
  code?: string;
  values?: RefusalValues;
  issues?: WireIssue[];
}

export interface RefusalDeclaration {
  kind: RefusalKind;
  /** English, with `{{name}}` for each declared value. */
  text: string;
  values?: Readonly<Record<string, RefusalValueType>>;
}

/** One refusal as thrown: its code, kind, English message (values filled in) and values. */
export interface Reason {
  readonly code: string;
  readonly kind: RefusalKind;
  readonly message: string;
  readonly values?: RefusalValues;
}

/** A declared refusal as its table lists it (what the locale test walks). */
export interface DeclaredRefusal extends RefusalDeclaration {
  code: string;
}

type ValuesOf<V> = { [K in keyof V]: V[K] extends 'number' ? number : string };

/** A refusal without values is a `Reason` itself; one with values is a function of them. */
type Made<P extends string, K extends string, D extends RefusalDeclaration> = (D extends { values: infer V } ? (values: ValuesOf<V>) => Reason : Reason) & {
  readonly code: `${P}.${K}`;
  readonly declared: DeclaredRefusal;
};

export type RefusalTable<P extends string, T extends Record<string, RefusalDeclaration>> = { readonly [K in keyof T & string]: Made<P, K, T[K]> };

/** `{{name}}` replaced by its value. */
export function fillRefusal(text: string, values: RefusalValues = {}): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (values[name] === undefined ? whole : String(values[name])));
}

/**
 * The usual refusal with values: its text names one number, `{{limit}}` unless named otherwise
 * (`numbered('rate_limited', text, 'retryAfter')`).
 */
export function numbered<const K extends RefusalKind, const N extends string = 'limit'>(
  kind: K,
  text: string,
  name: N = 'limit' as N,
): { kind: K; text: string; values: { readonly [V in N]: 'number' } } {
  return { kind, text, values: { [name]: 'number' } as { readonly [V in N]: 'number' } };
}

const declared = new Map<string, DeclaredRefusal>();

/** Builds a module's typed refusals: each code is `<prefix>.<key>`, its text in `refusals:<prefix>.<key>` of the locale files. */
export function refusals<const P extends string, const T extends Record<string, RefusalDeclaration>>(prefix: P, table: T): RefusalTable<P, T> {
  const out: Record<string, unknown> = {};
  for (const [key, declaration] of Object.entries(table)) {
    const code = `${prefix}.${key}`;
    const entry: DeclaredRefusal = { code, ...declaration };
    declared.set(code, entry);
    const made = declaration.values
      ? Object.assign((values: RefusalValues) => ({ code, kind: declaration.kind, message: fillRefusal(declaration.text, values), values }), {
          code,
          declared: entry,
        })
      : { code, kind: declaration.kind, message: declaration.text, declared: entry };
    out[key] = made;
  }
  return out as RefusalTable<P, T>;
}

/** Every refusal declared so far (by the tables imported): the locale test walks them. */
export function declaredRefusals(): DeclaredRefusal[] {
  return [...declared.values()];
}
