import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES, SESSION_COOKIE } from '../../modules/accounts';
import { EXTENSION_ORIGIN } from '../../modules/devices/contracts';
import { promptsMigrations, reReviewPrompt, reviewPrompt, reviewRevision } from '../../modules/prompts';
import { eventContracts, SYSTEM_ACTOR, type EventContract } from '../../events';
import { forgetPerson, sealLegacyPersonalData } from '../../events/personal';
import { projections } from '../../projections';
import { listPendingReviews } from '../../projections/review/queries';
import * as routes from '../../src/shared/api-routes.generated';
import { pgTool } from '../../scripts/backup-lib';
import { backends, freshApp, settleAll } from '../support/backends';
import { Browser, installApp, lastMail, signUpAs } from '../support/test-app';

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
  // What they typed into prompts that were never published, and the names of their credentials.
  const unpublished = {
    privateTitle: `Quillsecret ${tag} title`,
    privateDescription: `Quillsecret ${tag} description of a private prompt`,
    privateEdit: `Quilledit ${tag} title`,
    privateEditNote: `Quilledit ${tag} change note`,
    pendingTitle: `Quillpending ${tag} title`,
    rejectedTitle: `Quillrejected ${tag} title`,
    rejectedRevision: `Quillrevision ${tag} rejected`,
    rejectedRevisionNote: `Quillrevision ${tag} rejected note`,
    pendingRevision: `Quillrevision ${tag} pending`,
    pendingRevisionNote: `Quillrevision ${tag} pending note`,
    tokenName: `Quilltoken ${tag} laptop`,
    deviceName: `Quilldevice ${tag} browser`,
  };
  // What they published stays readable: the prompt and the revision the admin approved.
  const publishedRevision = `Published ${tag} revision`;
  const publishedRevisionNote = `Published ${tag} revision note`;
  const person = web('10.31.0.1');
  const other = web('10.31.0.2');
  let personId = 0;
  let publishedId = 0;
  let privateId = 0;
  let pendingId = 0;
  let rejectedId = 0;
  let othersId = 0;
  let token = '';
  let admin = { userId: 0, isAdmin: true };
  /** A moment before the deletion, for the admin's "as of" replay of the queue. */
  let beforeDeletion = '';
  const logged: string[] = [];

  const submit = async (as: Browser, title: string, visibility: 'public' | 'private', description = 'A prompt for the deletion test.') => {
    const r = await as.api(routes.submit, {
      body: { title, description, content: `Write about {{place}} for ${title}.`, categoryId: 2, visibility },
    });
    expect(r.status).toBe(201);
    return r.body.id as number;
  };
  const edit = async (id: number, title: string, note: string) => {
    const r = await person.api(routes.edit, { params: { id }, body: { title, note } });
    expect(r.status).toBe(200);
    return r.body;
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
    // Every line the server logs, to look for the person's address in it.
    for (const method of ['log', 'error', 'warn'] as const)
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(' ')));
    app = await freshApp(backend, { publicUrl: PUBLIC_URL, seed: false });
    installApp(app);
    personId = await signUpAs(app, person, email, name);
    admin = { userId: await signUpAs(app, other, `other-${tag}@example.com`, 'Other Member'), isAdmin: true };
    publishedId = await submit(person, `Published ${tag} and kept`, 'public');
    othersId = await submit(other, 'Somebody else’s', 'public');
    for (const id of [publishedId, othersId]) await app.settle((await reviewPrompt(app.store, id, true, SYSTEM_ACTOR, meta())) as never);
    privateId = await submit(person, unpublished.privateTitle, 'private', unpublished.privateDescription);
    await edit(privateId, unpublished.privateEdit, unpublished.privateEditNote);
    pendingId = await submit(person, unpublished.pendingTitle, 'public');
    rejectedId = await submit(person, unpublished.rejectedTitle, 'public');
    await reviewPrompt(app.store, rejectedId, false, admin, meta(), { reason: 'low-quality', note: null });
    // Revisions of the published prompt: one rejected, one published, one still waiting when they leave.
    await edit(publishedId, unpublished.rejectedRevision, unpublished.rejectedRevisionNote);
    await reviewRevision(app.store, publishedId, 2, false, admin, meta(), { reason: 'low-quality', note: null });
    await edit(publishedId, publishedRevision, publishedRevisionNote);
    await reviewRevision(app.store, publishedId, 3, true, admin, meta());
    await edit(publishedId, unpublished.pendingRevision, unpublished.pendingRevisionNote);
    await settleAll(app);
    // A device they connected and named, and a reset mail waiting in the outbox (no SMTP).
    const deviceToken = randomBytes(32).toString('base64url');
    const tokenHash = createHash('sha256').update(deviceToken).digest('hex');
    const extension = Object.assign(new Browser('10.31.0.7'), { headers: { origin: EXTENSION_ORIGIN } });
    expect((await extension.api(routes.requestConnection, { body: { name: 'Chrome on Linux', tokenHash } })).status).toBe(201);
    expect((await person.api(routes.connectDevice, { body: { name: unpublished.deviceName, tokenHash } })).status).toBe(201);
    expect((await web('10.31.0.6').api(routes.forgotPassword, { body: { email } })).status).toBe(200);
    expect(lastMail(app.config.dataDir, email)).not.toBeNull();
    // What the person keeps: a bookmark, a rating, history with typed values, a collection, a token.
    expect((await person.api(routes.bookmark, { body: { promptId: othersId } })).status).toBe(201);
    expect((await person.api(routes.rate, { body: { promptId: othersId, value: 5 } })).status).toBe(200);
    expect((await person.api(routes.recordHistory, { body: { promptId: othersId, values: { place: typedValue } } })).status).toBe(201);
    const collection = await person.api(routes.createCollection, { body: { name: collectionName, description: `Kept by ${name}`, isPublic: true } });
    expect(collection.status).toBe(201);
    expect((await person.api(routes.addToCollection, { params: { id: collection.body.id }, body: { promptId: othersId } })).status).toBe(200);
    const made = await person.api(routes.createAccessToken, { body: { name: unpublished.tokenName, scope: 'read-write', expiresInDays: 30 } });
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
    beforeDeletion = new Date().toISOString();
  }, 120_000);
  afterAll(async () => {
    vi.restoreAllMocks();
    await app?.dispose();
  });

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
    expect(person.setCookies.filter(([cookie]) => cookie === SESSION_COOKIE).at(-1)?.[1]).toBe('');
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
    for (const id of [privateId, pendingId, rejectedId]) {
      expect((await other.api(routes.prompt, { params: { id } })).status).toBe(404);
      expect((await other.api(routes.versions, { params: { id }, query: {} })).status).toBe(404);
    }
    // Nothing they never published can be published now: not their pending or rejected prompt, not their waiting revision.
    await expect(reviewPrompt(app.store, pendingId, true, admin, meta())).rejects.toMatchObject({ kind: 'not_found' });
    await expect(reReviewPrompt(app.store, rejectedId, true, admin, meta())).rejects.toMatchObject({ kind: 'not_found' });
    await expect(reviewRevision(app.store, publishedId, 4, true, admin, meta())).rejects.toMatchObject({ kind: 'conflict' });
    // Their published prompt reads as published: the approved revision, its note, and no other version's text.
    expect(after).toMatchObject({ title: publishedRevision });
    const versions = (await other.api(routes.versions, { params: { id: publishedId }, query: {} })).body.items;
    expect(versions.map((v: { title: string; note: string | null }) => [v.title, v.note])).toEqual([
      [`Published ${tag} and kept`, null],
      [publishedRevision, publishedRevisionNote],
    ]);
    // The outbox keeps no mail to them, and no log line names them.
    expect(lastMail(app.config.dataDir, email)).toBeNull();
    expect(logged.join('\n')).not.toContain(email);
    expect(logged.join('\n')).toContain('mail to z…@e….com');
    expect((await other.api(routes.prompt, { params: { id: othersId } })).body.ratingCount).toBe(1);
    for (const table of ['users', 'favorites', 'ratings', 'usage_history', 'recent_values', 'collections'])
      expect(await app.db.query(`select * from "${table}" where ${table === 'users' ? 'id' : 'user_id'} = $1`, [personId])).toEqual([]);
    for (const table of ['catalog_prompts', 'review_prompts'])
      expect((await app.db.query<{ id: number }>(`select id from "${table}" where submitted_by = $1`, [personId])).map((r) => r.id)).toEqual([publishedId]);

    // Their comment is a "deleted" placeholder over the reply that stays.
    const thread = (await other.api(routes.comments, { params: { id: othersId }, query: {} })).body.items[0];
    expect(thread).toMatchObject({ removed: true, body: null, authorId: null, authorName: '' });
    expect(thread.replies.map((r: { body: string }) => r.body)).toEqual(['A reply that stays']);

    // The admin's queue "as of" before the deletion, replayed from the log, shows nothing they typed.
    const asOf = await app.runner.replayInto('review', { until: await app.runner.checkpointAt(new Date(beforeDeletion)) });
    try {
      const queue = JSON.stringify(await asOf.read((sql) => listPendingReviews(sql, { limit: 100 })));
      expect(queue).toContain(`"id":${pendingId}`);
      for (const word of [name, ...Object.values(unpublished)]) expect(queue).not.toContain(word);
    } finally {
      await asOf.drop();
    }

    // Nothing in the database names them: not the log (sealed, its key erased), not a table beside it.
    const rows = await everyRow();
    const theirs = [email, name, typedValue, collectionName, commentWords, reportNote, ...Object.values(unpublished)];
    for (const word of theirs) expect(rows).not.toContain(word);
    expect(rows).toContain('Other Member');
    // What they published still reads (the versions above): its text is sealed with the prompt's own key, which only a purge erases.
    expect(rows).toContain(publishedRevision);
    if (backend.name === 'postgres') {
      // And pg_dump of the whole database (every test's schema in it) agrees.
      const dump = execFileSync(pgTool('pg_dump'), ['--no-owner', '-d', app.config.databaseUrl!], { maxBuffer: 1 << 30 }).toString('utf8');
      expect(dump).toContain(`CREATE TABLE ${app.db.schema}.events`);
      for (const word of theirs) expect(dump).not.toContain(word);
      expect(dump).toContain(publishedRevision);
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

  it('rewrites an older log of prompts once: unpublished text sealed, each approval given the text it published', async () => {
    const words = { draft: `Legacydraft ${tag}`, published: `Legacypublished ${tag}`, rejected: `Legacyrejected ${tag}` };
    const text = (title: string) => ({ title, description: `${title} description`, content: `${title} content`, categoryId: 1 });
    const stream = 'prompt-900001';
    // As the log held them before: text in clear, no `privateTo` on the edit, no `published` on the approvals.
    const legacy: [string, number, object][] = [
      ['PromptSubmitted', 2, { promptId: 900001, ...text(words.draft), authorName: 'Legacy', authorImage: null, submittedBy: 9002 }],
      ['PromptEdited', 1, { promptId: 900001, version: 2, ...text(words.published), note: null, restoredFrom: null, editedBy: 9002 }],
      ['PromptReviewed', 2, { promptId: 900001, isApproved: true, reviewedBy: null, reason: null, note: null }],
      [
        'PromptRevisionProposed',
        1,
        { promptId: 900001, version: 3, ...text(words.rejected), note: `${words.rejected} note`, restoredFrom: null, proposedBy: 9002 },
      ],
      ['PromptRevisionReviewed', 2, { promptId: 900001, version: 3, isApproved: false, reviewedBy: 1, reason: null, note: null }],
    ];
    for (const [i, [type, version, data]] of legacy.entries())
      await app.db.query(
        `insert into events (stream_id, stream_version, type, version, data, metadata) values ($1, $2, $3, $4, $5::text::jsonb, '{}'::jsonb)`,
        [stream, i + 1, type, version, JSON.stringify(data)],
      );
    await promptsMigrations[0].run(app.db);
    const raw = JSON.stringify(await app.db.query(`select data from events where stream_id = $1`, [stream]));
    expect(raw).not.toContain(words.draft);
    expect(raw).not.toContain(words.rejected);
    expect(raw).toContain(words.published);
    // Run again, it changes nothing.
    await promptsMigrations[0].run(app.db);
    expect(JSON.stringify(await app.db.query(`select data from events where stream_id = $1`, [stream]))).toBe(raw);
    // Then each prompt's text is sealed with its own key (0201): the published text too, still read in clear through the store.
    await promptsMigrations[1].run(app.db);
    expect(JSON.stringify(await app.db.query(`select data from events where stream_id = $1`, [stream]))).not.toContain(words.published);
    expect((await app.store.readStream(stream))[2].data).toMatchObject({ published: { ...text(words.published), note: null } });
    // Its author forgotten, only what was published still reads.
    await app.db.transaction((tx) => forgetPerson(tx, 9002));
    const events = await app.store.readStream(stream);
    expect(events.map((e) => (e.data as { title?: string }).title)).toEqual(['', '', undefined, '', undefined]);
    expect(events[2].data).toMatchObject({ published: { ...text(words.published), note: null } });
  });
});
