import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventStore, StoreTx } from '../../events';
import { collectionRoutes } from '../../modules/collections/routes';
import { changeCollection, createCollection } from '../../modules/collections';
import { DEVICE_IDLE_MS, findDevice, listDevices } from '../../modules/devices';
import { EXTENSION_ORIGIN } from '../../modules/devices/contracts';
import { deviceRoutes } from '../../modules/devices/routes';
import { bookmark, rate, recordHistory, removeBookmark } from '../../modules/engagement';
import { LIBRARY_MESSAGES } from '../../modules/engagement/contracts';
import { engagementRoutes } from '../../modules/engagement/routes';
import { MAX_PENDING_PER_AUTHOR, PAGE_DEFAULT, PAGE_MAX, SUBMIT_MESSAGES } from '../../modules/prompts/contracts';
import { promptRoutes } from '../../modules/prompts/routes';
import { accountRoutes } from '../../modules/accounts/routes';
import { readConfig } from '../../src/server/config';
import { backends, freshApp, settleAll } from '../support/backends';
import { Browser, installApp, lastMail, signUpAs } from '../support/test-app';

const ORIGIN = 'http://localhost:4321';
const SUBMIT_LIMIT = MAX_PENDING_PER_AUTHOR + 5;
const LIBRARY_LIMIT = 8;

const submission = (i: number) => ({
  title: `Flood prompt ${i}`,
  description: 'A prompt sent to test the submission limits.',
  content: 'Summarise the text below in three bullet points, please.',
  categoryId: 1,
});

/** Submission and library limits, device token lifetime, bounded decision reads. */
describe.each(backends)('limits on $name', (backend) => {
  let app: Awaited<ReturnType<typeof freshApp>>;
  const web = (ip: string) => Object.assign(new Browser(ip), { headers: { origin: ORIGIN } });
  const author = web('10.18.0.1');
  const second = web('10.18.0.2');
  const admin = web('10.18.0.3');
  const reader = web('10.18.0.4');
  const neighbour = web('10.18.0.5');
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    const limits = readConfig({}).rateLimits;
    app = await freshApp(backend, {
      publicUrl: ORIGIN,
      adminEmail: 'admin@promptory.test',
      rateLimits: { ...limits, perAccount: { ...limits.perAccount, submit: SUBMIT_LIMIT, library: LIBRARY_LIMIT } },
    });
    installApp(app);
    ids.admin = await signUpAs(app, admin, 'admin@promptory.test');
    ids.author = await signUpAs(app, author, 'author@example.com');
    ids.second = await signUpAs(app, second, 'second@example.com');
    ids.reader = await signUpAs(app, reader, 'reader@example.com');
    ids.neighbour = await signUpAs(app, neighbour, 'neighbour@example.com');
    // Published prompts 1 to 8 (no demo seed: it would cost this file most of its time).
    for (let i = 1; i <= 8; i++) {
      const { body } = await admin.api(promptRoutes.submit, { body: submission(i) });
      expect(body.id).toBe(i);
      expect((await admin.api(promptRoutes.review, { params: { id: i }, body: { isApproved: true } })).status).toBe(200);
    }
  });
  afterAll(async () => app?.dispose());

  it(`holds one account to ${MAX_PENDING_PER_AUTHOR} pending prompts and ${SUBMIT_LIMIT} submissions an hour (429, nothing appended)`, async () => {
    const submitted: number[] = [];
    for (let i = 0; i < MAX_PENDING_PER_AUTHOR; i++) {
      const r = await author.api(promptRoutes.submit, { body: submission(i) });
      expect(r.status).toBe(201);
      submitted.push(r.body.id);
    }
    const before = await app.store.count();
    const full = await author.api(promptRoutes.submit, { body: submission(99) });
    expect(full.status).toBe(429);
    expect(full.body).toMatchObject({ error: SUBMIT_MESSAGES.tooManyPending, code: 'prompts.tooManyPending' });
    expect(await app.store.count()).toBe(before);

    // Another account is not held back by this one's queue.
    expect((await second.api(promptRoutes.submit, { body: submission(1) })).status).toBe(201);
    // A decision frees a place in the author's queue.
    expect((await admin.api(promptRoutes.review, { params: { id: submitted[0] }, body: { isApproved: false, reason: 'low-quality' } })).status).toBe(200);
    expect((await author.api(promptRoutes.submit, { body: submission(100) })).status).toBe(201);

    // Every attempt counts toward the hourly rate: past it, the rate's own message and a wait.
    for (let attempts = MAX_PENDING_PER_AUTHOR + 3; attempts <= SUBMIT_LIMIT; attempts++) {
      const refused = await author.api(promptRoutes.submit, { body: submission(attempts) });
      expect(refused.body).toMatchObject({ error: SUBMIT_MESSAGES.tooManyPending, code: 'prompts.tooManyPending' });
    }
    await admin.api(promptRoutes.review, { params: { id: submitted[1] }, body: { isApproved: false, reason: 'low-quality' } });
    const before2 = await app.store.count();
    const rated = await author.api(promptRoutes.submit, { body: submission(200) });
    expect(rated.status).toBe(429);
    expect(rated.body).toMatchObject({ error: SUBMIT_MESSAGES.tooManySubmissions, code: 'rateLimits.submit' });
    const retryAfter = Number(rated.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(15 * 60);
    expect(retryAfter).toBeLessThanOrEqual(60 * 60);
    expect(await app.store.count()).toBe(before2);

    // The admin (and imports) are held to neither limit.
    for (let i = 0; i < 3; i++) expect((await admin.api(promptRoutes.submit, { body: submission(300 + i) })).status).toBe(201);
  });

  it('pages the admin queue, the review history and My Submissions: limit at most 100, a cursor that neither skips nor repeats', async () => {
    for (const route of [promptRoutes.pending, promptRoutes.reviewHistory, promptRoutes.mySubmissions]) {
      const tooMany = await admin.api(route as typeof promptRoutes.pending, { query: { limit: PAGE_MAX + 1 } });
      expect(tooMany.status, route.path).toBe(400);
      expect(tooMany.body.issues[0]).toMatchObject({ path: ['limit'], code: 'too_big', limit: PAGE_MAX });
    }
    /** Every page of a list, 7 at a time, following nextCursor. */
    const walk = async (who: Browser, route: typeof promptRoutes.pending, query: Record<string, unknown> = {}) => {
      const ids: number[] = [];
      let cursor: number | undefined;
      for (let pages = 0; pages < 50; pages++) {
        const r = await who.api(route, { query: { ...query, limit: 7, cursor } } as never);
        expect(r.status).toBe(200);
        expect(r.body.items.length).toBeLessThanOrEqual(7);
        ids.push(...r.body.items.map((i: { id?: number; position?: number }) => i.position ?? i.id));
        if (r.body.nextCursor === null) return ids;
        cursor = r.body.nextCursor;
      }
      throw new Error('no last page');
    };
    const whole = (await admin.api(promptRoutes.pending, { query: { limit: PAGE_MAX } })).body;
    expect(whole.nextCursor).toBeNull();
    expect(whole.items.length).toBeGreaterThan(7);
    // One page by default, of PAGE_DEFAULT at most: what /admin fetches every 30 s.
    expect((await admin.api(promptRoutes.pending)).body.items.length).toBe(Math.min(PAGE_DEFAULT, whole.items.length));
    expect(await walk(admin, promptRoutes.pending)).toEqual(whole.items.map((p: { id: number }) => p.id));

    const history = (await admin.api(promptRoutes.reviewHistory, { query: { limit: PAGE_MAX } })).body.items.map((e: { position: number }) => e.position);
    expect(history.length).toBeGreaterThan(7);
    expect(await walk(admin, promptRoutes.reviewHistory as never)).toEqual(history);

    const mine = (await author.api(promptRoutes.mySubmissions, { query: { limit: PAGE_MAX } })).body.items.map((p: { id: number }) => p.id);
    expect(mine.length).toBeGreaterThan(7);
    expect(await walk(author, promptRoutes.mySubmissions as never)).toEqual(mine);

    // A decision between two pages moves nothing under the cursor: the next page starts after the last row shown.
    const first = (await admin.api(promptRoutes.pending, { query: { limit: 3 } })).body;
    await admin.api(promptRoutes.review, { params: { id: first.items[0].id }, body: { isApproved: false, reason: 'low-quality' } });
    const next = (await admin.api(promptRoutes.pending, { query: { limit: 3, cursor: first.nextCursor } })).body;
    const ids = whole.items.map((p: { id: number }) => p.id);
    expect(next.items.map((p: { id: number }) => p.id)).toEqual(ids.slice(3, 6));
  });

  it(`throttles ratings, bookmarks, collections and history together: ${LIBRARY_LIMIT} writes per account per window, then 429`, async () => {
    const writes = [
      () => reader.api(engagementRoutes.rate, { body: { promptId: 3, value: 5 } }),
      () => reader.api(engagementRoutes.bookmark, { body: { promptId: 3 } }),
      () => reader.api(engagementRoutes.recordHistory, { body: { promptId: 3 } }),
      () => reader.api(collectionRoutes.createCollection, { body: { name: 'Reading list', description: 'Prompts to read later on' } }),
      () => reader.api(engagementRoutes.removeBookmark, { params: { id: 3 } }),
    ];
    for (let i = 0; i < LIBRARY_LIMIT; i++) expect((await writes[i % writes.length]()).status).toBeLessThan(300);
    const before = await app.store.count();
    for (const write of writes) {
      const refused = await write();
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ error: LIBRARY_MESSAGES.tooFast, code: 'rateLimits.library' });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(await app.store.count()).toBe(before);
    // Reading stays open, and another account has its own budget.
    expect((await reader.api(engagementRoutes.myBookmarks)).status).toBe(200);
    expect((await neighbour.api(engagementRoutes.rate, { body: { promptId: 3, value: 1 } })).status).toBe(200);
  });

  it("reads no more events for one library write however long the user's history is", async () => {
    const meta = { actor: ids.second, requestId: 'bounded', at: new Date().toISOString() };
    const userId = ids.second;
    const counted = countReads(app.store);
    /** Events one command read, leaving out the prompt's own stream (the same for every user). */
    const cost = async (run: () => Promise<unknown>) => {
      counted.reset();
      await run();
      return counted.own();
    };
    const commands = async (promptId: number) => {
      const { collectionId } = await createCollection(
        app.store,
        userId,
        { name: `List ${promptId}`, description: 'A list for counting reads', isPublic: false },
        meta,
      );
      return [
        await cost(() => bookmark(app.store, userId, promptId, meta)),
        await cost(() => rate(app.store, userId, promptId, 5, meta)),
        await cost(() => recordHistory(app.store, userId, promptId, meta)),
        await cost(() => changeCollection(app.store, { kind: 'add', collectionId, userId, promptId }, meta)),
      ];
    };
    const first = await commands(1);
    // A long history: many entries, ratings changed back and forth, bookmarks added and removed.
    for (let i = 0; i < 40; i++) await recordHistory(app.store, userId, 2 + (i % 4), meta);
    for (let i = 0; i < 10; i++) await rate(app.store, userId, 2 + (i % 3), i % 2 ? 1 : 5, meta);
    for (let i = 0; i < 5; i++) {
      await bookmark(app.store, userId, 2 + i, meta);
      await removeBookmark(app.store, userId, 2 + i, meta);
    }
    const later = await commands(7);
    counted.restore();
    expect(later).toEqual(first);
    expect(Math.max(...later)).toBeLessThanOrEqual(1);
  });

  it('pages bookmarks, history and collections: limit at most 100, every row once across pages', async () => {
    // The collections the test above made through the module (no endpoint settled them).
    await settleAll(app);
    const lists = [engagementRoutes.myBookmarks, engagementRoutes.myHistory, collectionRoutes.myCollections] as const;
    for (const route of lists) {
      const tooMany = await second.api(route as typeof engagementRoutes.myHistory, { query: { limit: 101 } });
      expect(tooMany.status, route.path).toBe(400);
      expect(tooMany.body.issues[0]).toMatchObject({ path: ['limit'], code: 'too_big', limit: 100 });
    }
    for (const route of lists) {
      const whole = (await second.api(route as typeof engagementRoutes.myHistory, { query: { limit: 100 } })).body;
      expect(whole.items.length, route.path).toBeGreaterThan(1);
      const ids: number[] = [];
      let cursor: number | undefined;
      for (let pages = 0; ; pages++) {
        expect(pages).toBeLessThan(100);
        const page = (await second.api(route as typeof engagementRoutes.myHistory, { query: { limit: 1 + (whole.items.length > 20 ? 6 : 0), cursor } })).body;
        ids.push(...page.items.map((i: { id: number }) => i.id));
        if (page.nextCursor === null) break;
        cursor = page.nextCursor;
      }
      expect(ids, route.path).toEqual(whole.items.map((i: { id: number }) => i.id));
    }
    // History is no longer cut at the last 200 without a way on: the default page is 50.
    expect((await second.api(engagementRoutes.myHistory)).body.items.length).toBeLessThanOrEqual(50);
  });

  describe('extension device tokens', () => {
    const newToken = () => randomBytes(32).toString('base64url');
    const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
    const extension = (token: string) => Object.assign(new Browser('10.18.0.9'), { headers: { authorization: `Bearer ${token}`, origin: EXTENSION_ORIGIN } });
    const connect = async (who: Browser, token: string, name: string) => {
      expect(
        (
          await Object.assign(new Browser('10.18.0.9'), { headers: { origin: EXTENSION_ORIGIN } }).api(deviceRoutes.requestConnection, {
            body: { name, tokenHash: hashOf(token) },
          })
        ).status,
      ).toBe(201);
      const r = await who.api(deviceRoutes.connectDevice, { body: { name, tokenHash: hashOf(token) } });
      expect(r.status).toBe(201);
      return r.body.id as number;
    };

    it('revokes every device of the account when its password is reset (the owner reconnects); other accounts keep theirs', async () => {
      const owner = web('10.18.1.1');
      const email = 'devices@example.com';
      const userId = await signUpAs(app, owner, email);
      const [laptop, phone, neighbours] = [newToken(), newToken(), newToken()];
      await connect(owner, laptop, 'Laptop');
      await connect(owner, phone, 'Phone');
      await connect(neighbour, neighbours, 'Neighbour');
      expect((await extension(laptop).api(engagementRoutes.myBookmarks)).status).toBe(200);

      const resetter = web('10.18.1.2');
      expect((await resetter.api(accountRoutes.forgotPassword, { body: { email } })).status).toBe(200);
      const token = new URL(lastMail(app.config.dataDir, email)!.link!).searchParams.get('token')!;
      const reset = await resetter.api(accountRoutes.setPassword, { body: { email, token, password: 'a brand new password' } });
      expect(reset.status).toBe(200);

      for (const t of [laptop, phone]) expect((await extension(t).api(engagementRoutes.myBookmarks)).status).toBe(401);
      expect(await listDevices(app.db, userId)).toEqual([]);
      const revoked = (await app.db.query<{ data: { by: string; userId: number } }>(`select data from events where type = 'DeviceRevoked'`)).map((r) => r.data);
      expect(revoked.filter((d) => d.userId === userId).map((d) => d.by)).toEqual(['password', 'password']);
      expect((await extension(neighbours).api(engagementRoutes.myBookmarks)).status).toBe(200);
      // Reconnecting (signed in by the reset) works as before.
      const fresh = newToken();
      await connect(resetter, fresh, 'Laptop again');
      expect((await extension(fresh).api(engagementRoutes.myBookmarks)).status).toBe(200);
    });

    it(`expires a token unused for ${DEVICE_IDLE_MS / 86_400_000} days; each use moves its last use (clock injected)`, async () => {
      const owner = web('10.18.2.1');
      const userId = await signUpAs(app, owner, 'idle@example.com');
      const [idle, busy] = [newToken(), newToken()];
      await connect(owner, idle, 'Idle');
      await connect(owner, busy, 'Busy');
      const day = 86_400_000;
      const t0 = Date.now();
      const at = (days: number) => new Date(t0 + days * day);
      // The busy device is used on day 60: its last use moves (and the dashboard shows it).
      expect(await findDevice(app.db, busy, at(60))).not.toBeNull();
      expect((await listDevices(app.db, userId, at(60))).find((d) => d.name === 'Busy')?.lastUsedAt).toBe(at(60).toISOString());
      // The idle one, never used since it was connected, stops working after 90 days; the busy one, 90 days after its last use.
      expect(await findDevice(app.db, idle, at(91))).toBeNull();
      expect(await findDevice(app.db, busy, at(91))).not.toBeNull();
      expect((await listDevices(app.db, userId, at(91))).map((d) => d.name)).toEqual(['Busy']);
      expect(await findDevice(app.db, busy, at(91 + 91))).toBeNull();
      expect(await listDevices(app.db, userId, at(91 + 91))).toEqual([]);
    });
  });
});

/** Counts the events commands read through the store's transactions (outside prompt streams). */
function countReads(store: EventStore) {
  let own = 0;
  const original = store.transaction.bind(store);
  store.transaction = ((work: (tx: StoreTx) => Promise<unknown>) =>
    original((tx) =>
      work({
        ...tx,
        readStream: async (stream: string) => {
          const events = await tx.readStream(stream);
          if (!stream.startsWith('prompt-')) own += events.length;
          return events;
        },
      }),
    )) as EventStore['transaction'];
  return {
    own: () => own,
    reset: () => {
      own = 0;
    },
    restore: () => {
      store.transaction = original;
    },
  };
}
