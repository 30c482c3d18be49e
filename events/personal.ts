import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import type { Sql } from './sql';

/**
 * Crypto-shredding: the log stays append-only and whole, yet forgets a person.
 *
 * A contract marks the fields of its events that are a person's own (their email, name,
 * the values they typed) with `personal`: whose they are (`subject`) and what each reads
 * as once forgotten. The store seals those fields with that person's key (AES-256-GCM)
 * before they reach the log and opens them as it reads. Keys live beside the log in
 * `person_keys`; deleting an account erases its key in the same transaction, so every
 * copy of the log (backups included) keeps only ciphertext nobody can open, while replays
 * still build every read model, with the forgotten values in place.
 */
export interface PersonalFields {
  /** The person whose data the fields are; null when nobody's (the seed, anonymous posts). */
  subject: (data: Record<string, unknown>) => number | null;
  /** Each personal field and the value it reads as once its person is forgotten. */
  forgotten: Readonly<Record<string, unknown>>;
}

/** Fields owned by the account whose id is in `field` (none when it is null). */
export function ownedBy(field: string, forgotten: PersonalFields['forgotten']): PersonalFields {
  return { subject: (data) => (data[field] as number | null | undefined) ?? null, forgotten };
}

/**
 * Where one kind of subject keeps its keys, and how its sealed values start. Two kinds: people
 * (a contract's `personal`) and prompts (its `promptText`: a prompt's own text, sealed with the
 * prompt's key so that the purge can shred it, docs/decisions/0039). The prompt's seal wraps
 * the person's, so erasing either key leaves nothing readable.
 */
interface Ring {
  table: 'person_keys' | 'prompt_keys';
  id: 'user_id' | 'prompt_id';
  prefix: string;
}

const PEOPLE: Ring = { table: 'person_keys', id: 'user_id', prefix: 'sealed:v1:' };
const PROMPTS: Ring = { table: 'prompt_keys', id: 'prompt_id', prefix: 'sealed:p1:' };

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Whether `value` is sealed with a person's key (`prefix`: another ring's). */
export function isSealed(value: unknown, prefix = PEOPLE.prefix): value is string {
  return typeof value === 'string' && value.startsWith(prefix);
}

/** Whether `value` is sealed with a prompt's own key (a log written since prompts had keys). */
export const isPromptSealed = (value: unknown): value is string => isSealed(value, PROMPTS.prefix);

/** The field's JSON, encrypted: "sealed:v1:" (or the ring's prefix) + base64(iv, tag, ciphertext). */
export function seal(key: Buffer, value: unknown, prefix = PEOPLE.prefix): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return prefix + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

export function open(key: Buffer, sealed: string, prefix = PEOPLE.prefix): unknown {
  const raw = Buffer.from(sealed.slice(prefix.length), 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
  decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return JSON.parse(Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8'));
}

/** A person's (or a prompt's) key, or null once they are forgotten (purged). */
export type Key = Buffer | null;

/**
 * Keys one transaction already read or created (by ring and subject: "person_keys:7"), so a
 * transaction that seals for the same person many times (an import of 5,000 prompts) asks the
 * table once. Never shared between transactions: a rolled-back key must not seal anything later.
 */
export type KeysOfTransaction = Map<string, Key>;

/**
 * Erases the person's key (in the caller's transaction): from its commit, nothing the log
 * holds of them can be opened again.
 */
export async function forgetPerson(sql: Sql, subject: number): Promise<void> {
  await sql.query(
    `insert into person_keys (user_id, key, forgotten_at) values ($1, null, now())
     on conflict (user_id) do update set key = null, forgotten_at = coalesce(person_keys.forgotten_at, now())`,
    [subject],
  );
}

/**
 * Shreds a prompt's own text (in the caller's transaction, the purge's): from its commit,
 * nothing any event of the prompt held of its title, description, content or notes can be
 * opened again, published or not.
 */
export async function forgetPromptText(sql: Sql, promptId: number): Promise<void> {
  await sql.query(
    `insert into prompt_keys (prompt_id, key, purged_at) values ($1, null, now())
     on conflict (prompt_id) do update set key = null, purged_at = coalesce(prompt_keys.purged_at, now())`,
    [promptId],
  );
}

export const decode = (key: string | null): Key => (key === null ? null : Buffer.from(key, 'base64'));

/** The keys of `subjects` that exist (a forgotten person's reads as null; one never sealed for is absent). */
async function readKeys(sql: Sql, subjects: number[], ring: Ring = PEOPLE): Promise<Map<number, Key>> {
  const rows = await sql.query<{ id: number; key: string | null }>(`select ${ring.id} as id, key from ${ring.table} where ${ring.id} = any($1::int[])`, [
    subjects,
  ]);
  return new Map(rows.map((row) => [row.id, decode(row.key)]));
}

/**
 * The keys of `subjects`, creating those that do not exist yet, in one statement. A
 * concurrent writer may create the same person's key first: its row is invisible to this
 * statement's snapshot, so the next statement reads it.
 */
async function keysFor(sql: Sql, ring: Ring, subjects: number[], known: KeysOfTransaction = new Map()): Promise<Map<number, Key>> {
  const cached = (s: number) => `${ring.table}:${s}`;
  for (let attempt = 0; attempt < 2; attempt++) {
    const missing = subjects.filter((s) => !known.has(cached(s)));
    if (!missing.length) break;
    const rows = await sql.query<{ id: number; key: string | null }>(
      `with wanted as (select * from unnest($1::int[], $2::text[]) as w(${ring.id}, key)),
       created as (
         insert into ${ring.table} (${ring.id}, key) select ${ring.id}, key from wanted
         on conflict (${ring.id}) do nothing returning ${ring.id}, key
       )
       select ${ring.id} as id, key from created
       union all
       select k.${ring.id} as id, k.key from ${ring.table} k join wanted using (${ring.id})`,
      [missing, missing.map(() => randomBytes(32).toString('base64'))],
    );
    for (const row of rows) known.set(cached(row.id), decode(row.key));
  }
  const missing = subjects.filter((s) => !known.has(cached(s)));
  if (missing.length) throw new Error(`No key could be read or created in ${ring.table} for ${missing.join(', ')}`);
  return new Map(subjects.map((s) => [s, known.get(cached(s)) ?? null]));
}

interface Personal {
  personal?: PersonalFields;
  /** A prompt's own text, sealed with the prompt's key (its subject: the prompt id). */
  promptText?: PersonalFields;
}

/** One ring's fields of a contract. */
interface Layer {
  ring: Ring;
  fields: (contract: Personal | undefined) => PersonalFields | undefined;
}

const PERSON_LAYER: Layer = { ring: PEOPLE, fields: (c) => c?.personal };
const PROMPT_LAYER: Layer = { ring: PROMPTS, fields: (c) => c?.promptText };

/**
 * Whether a layer leaves `value` as it is when sealing: sealed already with its ring's key, or
 * (a person's layer) inside a prompt's seal, which only ever wraps a person's.
 */
function sealedFor(value: unknown, prefix: string): boolean {
  return isSealed(value, prefix) || (prefix === PEOPLE.prefix && isSealed(value, PROMPTS.prefix));
}

/** The subject whose fields in `data` need sealing (or opening), if any. */
function subjectOf(fields: PersonalFields | undefined, data: Record<string, unknown>, sealed: boolean, prefix = PEOPLE.prefix): number | null {
  if (!fields) return null;
  const hasField = Object.keys(fields.forgotten).some((f) =>
    sealed ? isSealed(data[f], prefix) : data[f] !== undefined && data[f] !== null && !sealedFor(data[f], prefix),
  );
  return hasField ? fields.subject(data) : null;
}

/** One layer's seal over `events` (copies of the data that change). */
async function sealLayer(
  sql: Sql,
  layer: Layer,
  events: { contract: Personal; data: Record<string, unknown> }[],
  known?: KeysOfTransaction,
): Promise<Record<string, unknown>[]> {
  const { ring } = layer;
  const subjects = [...new Set(events.map((e) => subjectOf(layer.fields(e.contract), e.data, false, ring.prefix)).filter((s): s is number => s !== null))];
  if (!subjects.length) return events.map((e) => e.data);
  const keys = await keysFor(sql, ring, subjects, known);
  return events.map(({ contract, data }) => {
    const fields = layer.fields(contract);
    const subject = subjectOf(fields, data, false, ring.prefix);
    if (subject === null) return data;
    const key = keys.get(subject) ?? null;
    const sealed = { ...data };
    for (const [field, forgotten] of Object.entries(fields!.forgotten)) {
      const value = data[field];
      if (value === undefined || value === null || sealedFor(value, ring.prefix)) continue;
      sealed[field] = key ? seal(key, value, ring.prefix) : forgotten;
    }
    return sealed;
  });
}

/**
 * The data of events about to be appended, their personal fields sealed (copies: the clear
 * data stays the caller's), then a prompt's text sealed again with the prompt's key. A
 * forgotten person's (a purged prompt's) fields are written as forgotten: nothing of them
 * enters the log.
 */
export async function sealPersonal(
  sql: Sql,
  events: { contract: Personal; data: Record<string, unknown> }[],
  known?: KeysOfTransaction,
): Promise<Record<string, unknown>[]> {
  const personal = await sealLayer(sql, PERSON_LAYER, events, known);
  return sealLayer(
    sql,
    PROMPT_LAYER,
    events.map((e, i) => ({ contract: e.contract, data: personal[i] })),
    known,
  );
}

/** One layer's opening (in place): fields sealed with a forgotten key read as forgotten. */
async function openLayer(
  sql: Sql,
  layer: Layer,
  events: { contract: Personal | undefined; data: Record<string, unknown> }[],
  preloaded?: ReadonlyMap<number, Key>,
): Promise<void> {
  const { ring } = layer;
  const sealed = events.filter((e) => subjectOf(layer.fields(e.contract), e.data, true, ring.prefix) !== null);
  if (!sealed.length) return;
  const subjects = [...new Set(sealed.map((e) => subjectOf(layer.fields(e.contract), e.data, true, ring.prefix)!))];
  const keys = preloaded && subjects.every((s) => preloaded.has(s)) ? preloaded : await readKeys(sql, subjects, ring);
  for (const { contract, data } of sealed) {
    const fields = layer.fields(contract)!;
    const key = keys.get(subjectOf(fields, data, true, ring.prefix)!) ?? null;
    for (const [field, forgotten] of Object.entries(fields.forgotten)) {
      if (isSealed(data[field], ring.prefix)) data[field] = key ? open(key, data[field], ring.prefix) : forgotten;
    }
  }
}

/**
 * Opens the sealed fields of stored event data (in place): a prompt's seal first, then the
 * person's inside it; a forgotten person's (a purged prompt's) read as forgotten. Keys are read
 * from the table every time, never cached: an erased key must stop opening anything at once,
 * in every process. `promptKeys`: the prompts' keys as the statement that read the events read
 * them (null: purged), which saves the decision on a prompt's stream a round trip.
 */
export async function openPersonal(
  sql: Sql,
  events: { contract: Personal | undefined; data: Record<string, unknown> }[],
  promptKeys?: ReadonlyMap<number, Key>,
): Promise<void> {
  await openLayer(sql, PROMPT_LAYER, events, promptKeys);
  await openLayer(sql, PERSON_LAYER, events);
}

/**
 * A token only the server can make for `subject` and `purpose` (a digest's unsubscribe link):
 * an HMAC-SHA-256 of the purpose under a key derived (HKDF) from the person's own key, as 43
 * base64url characters. Nothing new is stored or kept secret beside the keys, the token never
 * enters the log, and it stops working when the person is forgotten (null: no key to make it).
 */
export async function personalToken(sql: Sql, subject: number, purpose: string): Promise<string | null> {
  // Read, never created: a link naming any user id must not make keys for people who have none.
  const key = (await readKeys(sql, [subject])).get(subject) ?? null;
  if (!key) return null;
  const derived = Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), `promptory token: ${purpose}`, 32));
  return createHmac('sha256', derived).update(`${subject}:${purpose}`).digest('base64url');
}

/**
 * Seals what the log held in clear before sealing existed (run once by the migration
 * runner, in its transaction): the one rewrite of history this needs, so that deleting an
 * account made before then forgets it as well.
 */
export function sealLegacyPersonalData(sql: Sql, contracts: Readonly<Record<string, Personal>>): Promise<number> {
  return sealLegacy(sql, contracts, PERSON_LAYER);
}

/**
 * Seals every prompt's text the log holds with the prompt's own key (run once by the
 * migration that brought prompt keys), over the person's seal where there is one.
 */
export function sealLegacyPromptText(sql: Sql, contracts: Readonly<Record<string, Personal>>): Promise<number> {
  return sealLegacy(sql, contracts, PROMPT_LAYER);
}

async function sealLegacy(sql: Sql, contracts: Readonly<Record<string, Personal>>, layer: Layer): Promise<number> {
  const types = Object.keys(contracts).filter((type) => layer.fields(contracts[type]));
  let after = 0;
  let count = 0;
  for (;;) {
    const rows = await sql.query<{ position: number; type: string; data: Record<string, unknown> }>(
      'select position, type, data from events where type = any($1::text[]) and position > $2 order by position limit 1000',
      [types, after],
    );
    if (!rows.length) return count;
    after = rows.at(-1)!.position;
    const clear = rows.filter((row) => subjectOf(layer.fields(contracts[row.type]), row.data, false, layer.ring.prefix) !== null);
    if (!clear.length) continue;
    const sealed = await sealLayer(
      sql,
      layer,
      clear.map((row) => ({ contract: contracts[row.type], data: row.data })),
    );
    await sql.query('update events set data = x.d::jsonb from unnest($1::bigint[], $2::text[]) as x(p, d) where events.position = x.p', [
      clear.map((row) => row.position),
      sealed.map((data) => JSON.stringify(data)),
    ]);
    count += clear.length;
  }
}
