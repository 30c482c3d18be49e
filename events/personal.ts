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

const PREFIX = 'sealed:v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export function isSealed(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith(PREFIX);
}

/** The field's JSON, encrypted: "sealed:v1:" + base64(iv, tag, ciphertext). */
export function seal(key: Buffer, value: unknown): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

export function open(key: Buffer, sealed: string): unknown {
  const raw = Buffer.from(sealed.slice(PREFIX.length), 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
  decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return JSON.parse(Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8'));
}

/** A person's key, or null once they are forgotten. */
type Key = Buffer | null;

/**
 * Keys one transaction already read or created, so a transaction that seals for the same
 * person many times (an import of 5,000 prompts) asks the table once. Never shared between
 * transactions: a rolled-back key must not seal anything later.
 */
export type KeysOfTransaction = Map<number, Key>;

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

const decode = (key: string | null): Key => (key === null ? null : Buffer.from(key, 'base64'));

/** The keys of `subjects` that exist (a forgotten person's reads as null; one never sealed for is absent). */
async function readKeys(sql: Sql, subjects: number[]): Promise<Map<number, Key>> {
  const rows = await sql.query<{ user_id: number; key: string | null }>('select user_id, key from person_keys where user_id = any($1::int[])', [subjects]);
  return new Map(rows.map((row) => [row.user_id, decode(row.key)]));
}

/**
 * The keys of `subjects`, creating those that do not exist yet, in one statement. A
 * concurrent writer may create the same person's key first: its row is invisible to this
 * statement's snapshot, so the next statement reads it.
 */
async function keysFor(sql: Sql, subjects: number[], keys: KeysOfTransaction = new Map()): Promise<Map<number, Key>> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const missing = subjects.filter((s) => !keys.has(s));
    if (!missing.length) return keys;
    const rows = await sql.query<{ user_id: number; key: string | null }>(
      `with wanted as (select * from unnest($1::int[], $2::text[]) as w(user_id, key)),
       created as (
         insert into person_keys (user_id, key) select user_id, key from wanted
         on conflict (user_id) do nothing returning user_id, key
       )
       select user_id, key from created
       union all
       select k.user_id, k.key from person_keys k join wanted using (user_id)`,
      [missing, missing.map(() => randomBytes(32).toString('base64'))],
    );
    for (const row of rows) keys.set(row.user_id, decode(row.key));
  }
  const missing = subjects.filter((s) => !keys.has(s));
  if (missing.length) throw new Error(`No key could be read or created for ${missing.join(', ')}`);
  return keys;
}

interface Personal {
  personal?: PersonalFields;
}

/** The subject whose fields in `data` need sealing (or opening), if any. */
function subjectOf(personal: PersonalFields | undefined, data: Record<string, unknown>, sealed: boolean): number | null {
  if (!personal) return null;
  const hasField = Object.keys(personal.forgotten).some((f) => (sealed ? isSealed(data[f]) : data[f] !== undefined && data[f] !== null && !isSealed(data[f])));
  return hasField ? personal.subject(data) : null;
}

/**
 * The data of events about to be appended, their personal fields sealed (copies: the clear
 * data stays the caller's). A forgotten person's fields are written as forgotten: nothing of
 * them enters the log.
 */
export async function sealPersonal(
  sql: Sql,
  events: { contract: Personal; data: Record<string, unknown> }[],
  known?: KeysOfTransaction,
): Promise<Record<string, unknown>[]> {
  const subjects = [...new Set(events.map((e) => subjectOf(e.contract.personal, e.data, false)).filter((s): s is number => s !== null))];
  if (!subjects.length) return events.map((e) => e.data);
  const keys = await keysFor(sql, subjects, known);
  return events.map(({ contract, data }) => {
    const subject = subjectOf(contract.personal, data, false);
    if (subject === null) return data;
    const key = keys.get(subject) ?? null;
    const sealed = { ...data };
    for (const [field, forgotten] of Object.entries(contract.personal!.forgotten)) {
      const value = data[field];
      if (value === undefined || value === null || isSealed(value)) continue;
      sealed[field] = key ? seal(key, value) : forgotten;
    }
    return sealed;
  });
}

/**
 * Opens the sealed fields of stored event data (in place); a forgotten person's read as
 * forgotten. Keys are read from the table every time, never cached: an erased key must stop
 * opening anything at once, in every process.
 */
export async function openPersonal(sql: Sql, events: { contract: Personal | undefined; data: Record<string, unknown> }[]): Promise<void> {
  const sealed = events.filter((e) => subjectOf(e.contract?.personal, e.data, true) !== null);
  if (!sealed.length) return;
  const keys = await readKeys(sql, [...new Set(sealed.map((e) => subjectOf(e.contract!.personal, e.data, true)!))]);
  for (const { contract, data } of sealed) {
    const key = keys.get(subjectOf(contract!.personal, data, true)!) ?? null;
    for (const [field, forgotten] of Object.entries(contract!.personal!.forgotten)) {
      if (isSealed(data[field])) data[field] = key ? open(key, data[field]) : forgotten;
    }
  }
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
export async function sealLegacyPersonalData(sql: Sql, contracts: Readonly<Record<string, Personal>>): Promise<number> {
  const types = Object.keys(contracts).filter((type) => contracts[type].personal);
  let after = 0;
  let count = 0;
  for (;;) {
    const rows = await sql.query<{ position: number; type: string; data: Record<string, unknown> }>(
      'select position, type, data from events where type = any($1::text[]) and position > $2 order by position limit 1000',
      [types, after],
    );
    if (!rows.length) return count;
    after = rows.at(-1)!.position;
    const clear = rows.filter((row) => subjectOf(contracts[row.type].personal, row.data, false) !== null);
    if (!clear.length) continue;
    const sealed = await sealPersonal(
      sql,
      clear.map((row) => ({ contract: contracts[row.type], data: row.data })),
    );
    await sql.query('update events set data = x.d::jsonb from unnest($1::bigint[], $2::text[]) as x(p, d) where events.position = x.p', [
      clear.map((row) => row.position),
      sealed.map((data) => JSON.stringify(data)),
    ]);
    count += clear.length;
  }
}
