import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../modules/accounts';
import { reviewPrompt } from '../../modules/prompts';
import { eventContracts, SYSTEM_ACTOR, type EventContract } from '../../events';
import { forgetPerson, sealLegacyPersonalData } from '../../events/personal';
import { projections } from '../../projections';
import * as routes from '../../src/shared/api-routes.generated';
import { pgTool } from '../../scripts/backup-lib';
import { backends, freshApp, settleAll } from '../support/backends';
import { Browser, installApp, signUpAs } from './accounts-support';

const PUBLIC_URL = 'http://localhost:4321';
const web = (ip: string) => Object.assign(new Browser(ip), { headers: { origin: PUBLIC_URL } });
const meta = () => ({ actor: null, requestId: 'deletion-test', at: new Date().toISOString() });

/**
 * "Delete my account" (DELETE /api/me) through the real endpoint, on both backends: the
 * person is gone from every read model and from the database, their published prompt stays
 * under "Deleted user" with its anonymous counts, and a full replay builds the same tables.
 */
describe.each(backends)('account deletion on $name', (backend) => {
  let app: Awaited<ReturnType<typeof freshApp>>;
  // Unique words, so a dump of a database other tests share can only find them here.
  const tag = Math.random().toString(36).slice(2, 8);
  const name = `Zephyrine Quill${tag}`;
  const email = `zq-${tag}@example.com`;
  const typedValue = `Quillfeather-${tag} Road`;
  const collectionName = `Zephyrine's ${tag} picks`;
  const commentWords = `Quillink ${tag} says hello`;
  const reportNote = `Quillnote ${tag} copied`;
  const person = web('10.31.0.1');
  const other = web('10.31.0.2');
  let personId = 0;
  let publishedId = 0;
  let privateId = 0;
  let pendingId = 0;
  let othersId = 0;
  let token = '';

  const submit = async (as: Browser, title: string, visibility: 'public' | 'private') => {
    const r = await as.api(routes.submit, {
      body: { title, description: 'A prompt for the deletion test.', content: `Write about {{place}} for ${title}.`, categoryId: 2, visibility },
    });
    expect(r.status).toBe(201);
    return r.body.id as number;
  };

  /** Every row of every table the app owns, as text: what a dump of its schema would hold. */
  const everyRow = async () => {
    const tables = await app.db.query<{ table_name: string }>(
      `select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`,
    );
    const parts: string[] = [];
    for (const { table_name } of tables) parts.push(JSON.stringify(await app.db.query(`select * from "${table_name}"`)));
    return parts.join('\n');
  };
  const readModels = async () => {
    const out: Record<string, unknown[]> = {};
    for (const p of projections) for (const table of p.tables) out[table] = await app.db.query(`select * from "${table}" order by 1`);
    return out;
  };

  beforeAll(async () => {
    app = await freshApp(backend, { publicUrl: PUBLIC_URL, seed: false });
    installApp(app);
    personId = await signUpAs(app, person, email, name);
    await signUpAs(app, other, `other-${tag}@example.com`, 'Other Member');
    publishedId = await submit(person, 'Published and kept', 'public');
    othersId = await submit(other, 'Somebody else’s', 'public');
    for (const id of [publishedId, othersId]) await app.settle((await reviewPrompt(app.store, id, true, SYSTEM_ACTOR, meta())) as never);
    privateId = await submit(person, 'Mine alone', 'private');
    pendingId = await submit(person, 'Still waiting', 'public');
    await settleAll(app);
    // What the person keeps: a bookmark, a rating, history with typed values, a collection, a token.
    expect((await person.api(routes.bookmark, { body: { promptId: othersId } })).status).toBe(201);
    expect((await person.api(routes.rate, { body: { promptId: othersId, value: 5 } })).status).toBe(200);
    expect((await person.api(routes.recordHistory, { body: { promptId: othersId, values: { place: typedValue } } })).status).toBe(201);
    const collection = await person.api(routes.createCollection, { body: { name: collectionName, description: `Kept by ${name}`, isPublic: true } });
    expect(collection.status).toBe(201);
    expect((await person.api(routes.addToCollection, { params: { id: collection.body.id }, body: { promptId: othersId } })).status).toBe(200);
    const made = await person.api(routes.createAccessToken, { body: { name: 'My laptop', scope: 'read-write', expiresInDays: 30 } });
    expect(made.status).toBe(201);
    token = made.body.token;
    // A comment with another member's reply, and a report with a note.
    const comment = await person.api(routes.postComment, { params: { id: othersId }, body: { body: commentWords } });
    expect(comment.status).toBe(201);
    expect((await other.api(routes.postComment, { params: { id: othersId }, body: { body: 'A reply that stays', parentId: comment.body.id } })).status).toBe(
      201,
    );
    expect((await person.api(routes.reportPrompt, { params: { id: othersId }, body: { reason: 'other', note: reportNote } })).status).toBe(201);
    // What others did with the person's published prompt: anonymous counts that stay.
    expect((await other.api(routes.rate, { body: { promptId: publishedId, value: 5 } })).status).toBe(200);
    expect((await other.api(routes.bookmark, { body: { promptId: publishedId } })).status).toBe(201);
    await settleAll(app);
  }, 120_000);
  afterAll(async () => app?.dispose());

  it('refuses a wrong password, an access token and a missing password, and changes nothing', async () => {
    const before = await app.store.count();
    const wrong = await person.api(routes.deleteAccount, { body: { password: 'not my password' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      error: AUTH_MESSAGES.wrongPassword,
      issues: [{ path: ['password'], message: AUTH_MESSAGES.wrongPassword, code: 'custom' }],
    });
    expect((await person.api(routes.deleteAccount, { body: {} as never })).status).toBe(400);
    const byToken = Object.assign(new Browser('10.31.0.9'), { headers: { authorization: `Bearer ${token}` } });
    expect((await byToken.api(routes.deleteAccount, { body: { password: 'correct horse battery' } })).status).toBe(403);
    expect((await new Browser('10.31.0.8').api(routes.deleteAccount, { body: { password: 'correct horse battery' } })).status).toBe(401);
    expect(await app.store.count()).toBe(before);
    expect((await person.api(routes.me)).body.user).toMatchObject({ email, name });
  });

  it('forgets the person everywhere; their published prompt stays under an empty author name with its counts', async () => {
    const before = (await other.api(routes.prompt, { params: { id: publishedId } })).body;
    // A member's published prompt names them and links to their page (authorId).
    expect(before).toMatchObject({ authorName: name, authorId: personId });
    const deleted = await person.api(routes.deleteAccount, { body: { password: 'correct horse battery' } });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ ok: true, message: AUTH_MESSAGES.accountDeleted });
    expect(person.setCookies.at(-1)?.[1]).toBe('');
    await settleAll(app);

    // No way back in: the old session, the password and the token all fail.
    const stale = web('10.31.0.1');
    stale.jar = new Map(person.jar);
    expect((await stale.api(routes.me)).body.user).toBeNull();
    const login = await web('10.31.0.3').api(routes.login, { body: { email, password: 'correct horse battery' } });
    expect(login.status).toBe(401);
    const byToken = Object.assign(new Browser('10.31.0.9'), { headers: { authorization: `Bearer ${token}` } });
    expect((await byToken.api(routes.myBookmarks)).status).toBe(401);

    // The published prompt stays, by "Deleted user", with the other member's rating and bookmark.
    const after = (await other.api(routes.prompt, { params: { id: publishedId } })).body;
    expect(after).toMatchObject({ id: publishedId, authorName: '', authorId: null, ratingCount: before.ratingCount, usageCount: before.usageCount });
    expect((await other.api(routes.myBookmarks)).body.items.map((b: { prompt: { id: number } }) => b.prompt.id)).toContain(publishedId);
    // What only they could see is gone; the tally of their rating on another's prompt stays.
    for (const id of [privateId, pendingId]) expect((await other.api(routes.prompt, { params: { id } })).status).toBe(404);
    expect((await other.api(routes.prompt, { params: { id: othersId } })).body.ratingCount).toBe(1);
    for (const table of ['users', 'favorites', 'ratings', 'usage_history', 'recent_values', 'collections'])
      expect(await app.db.query(`select * from "${table}" where ${table === 'users' ? 'id' : 'user_id'} = $1`, [personId])).toEqual([]);
    for (const table of ['catalog_prompts', 'review_prompts'])
      expect((await app.db.query<{ id: number }>(`select id from "${table}" where submitted_by = $1`, [personId])).map((r) => r.id)).toEqual([publishedId]);

    // Their comment is a "deleted" placeholder over the reply that stays.
    const thread = (await other.api(routes.comments, { params: { id: othersId }, query: {} })).body.items[0];
    expect(thread).toMatchObject({ removed: true, body: null, authorId: null, authorName: '' });
    expect(thread.replies.map((r: { body: string }) => r.body)).toEqual(['A reply that stays']);

    // Nothing in the database names them: not the log (sealed, its key erased), not a table beside it.
    const rows = await everyRow();
    for (const word of [email, name, typedValue, collectionName, commentWords, reportNote]) expect(rows).not.toContain(word);
    expect(rows).toContain('Other Member');
    if (backend.name === 'postgres') {
      // And pg_dump of the whole database (every test's schema in it) agrees.
      const dump = execFileSync(pgTool('pg_dump'), ['--no-owner', '-d', app.config.databaseUrl!], { maxBuffer: 1 << 30 }).toString('utf8');
      expect(dump).toContain(`CREATE TABLE ${app.db.schema}.events`);
      for (const word of [email, name, typedValue, collectionName, commentWords, reportNote]) expect(dump).not.toContain(word);
    }
  });

  it('a full replay of the log builds the same read models', async () => {
    const live = await readModels();
    for (const p of projections) await app.runner.rebuild(p.name);
    expect(await readModels()).toEqual(live);
  });

  it('seals what an older log held in clear (the 0003 migration), so an account from before sealing is forgotten too', async () => {
    const legacy = { userId: 9001, email: `legacy-${tag}@example.com`, name: `Legacy ${tag}`, username: null };
    await app.db.query(
      `insert into events (stream_id, stream_version, type, version, data, metadata) values ('user-9001', 1, 'UserRegistered', 1, $1::text::jsonb, '{}'::jsonb)`,
      [JSON.stringify(legacy)],
    );
    expect(await sealLegacyPersonalData(app.db, eventContracts as Record<string, EventContract>)).toBe(1);
    expect(await sealLegacyPersonalData(app.db, eventContracts as Record<string, EventContract>)).toBe(0);
    expect(JSON.stringify(await app.db.query(`select data from events where stream_id = 'user-9001'`))).not.toContain(legacy.email);
    expect((await app.store.readStream('user-9001'))[0].data).toEqual(legacy);
    await app.db.transaction((tx) => forgetPerson(tx, 9001));
    expect((await app.store.readStream('user-9001'))[0].data).toEqual({ ...legacy, email: '', name: '' });
  });
});
