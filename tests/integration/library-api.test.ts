import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listPrompts } from '../../projections/catalog/queries';
import { RateLimiter } from '../../src/server/rate-limit';
import { WRITTEN_COOKIE } from '../../src/server/freshness';
import type { RouteRef } from '../../events/route';
import { routes } from '../../src/shared/api-routes';
import { backends, freshApp, settleAll } from '../support/backends';
import { Browser, installApp, signUpAs } from '../support/test-app';

/** The library's endpoints through the real handlers and middlewares, on both backends. */
describe.each(backends)('library API on $name', (backend) => {
  let app: Awaited<ReturnType<typeof freshApp>>;
  const as: Record<'visitor' | 'owner' | 'other' | 'admin', Browser> = {
    visitor: new Browser('10.1.0.1'),
    owner: new Browser('10.1.0.2'),
    other: new Browser('10.1.0.3'),
    admin: new Browser('10.1.0.4'),
  };
  const ids: Record<string, number> = {};

  const signUp = (browser: Browser, email: string) => signUpAs(app, browser, email);

  /** A call of `route` by `who`; the tables below send ill-typed input on purpose, hence untyped. */
  const call = (who: keyof typeof as, route: RouteRef, params: Record<string, string | number> = {}, body?: unknown) =>
    as[who].api(route, { params, body } as never);
  const eventCount = () => app.store.count();

  beforeAll(async () => {
    // Seeded at start, before the admin's account is made (the seed needs an empty log).
    app = await freshApp(backend, { publicUrl: 'http://localhost:4321', adminEmail: 'admin@promptory.test', seed: true });
    await settleAll(app);
    installApp(app);
    ids.owner = await signUp(as.owner, 'owner@example.com');
    ids.other = await signUp(as.other, 'other@example.com');
    ids.admin = await signUp(as.admin, 'admin@promptory.test');
    // The owner's things, made through the API.
    ids.favorite = (await call('owner', routes.bookmark, {}, { promptId: 3 })).body.id;
    await call('owner', routes.rate, {}, { promptId: 3, value: 5 });
    await call('owner', routes.recordHistory, {}, { promptId: 3 });
    ids.private = (await call('owner', routes.createCollection, {}, { name: 'Private one', description: 'Only for me to see', isPublic: false })).body.id;
    ids.public = (await call('owner', routes.createCollection, {}, { name: 'Public one', isPublic: true })).body.id;
    await call('owner', routes.addToCollection, { id: ids.private }, { promptId: 1 });
    await call('owner', routes.addToCollection, { id: ids.public }, { promptId: 1 });
  });
  afterAll(async () => app?.dispose());

  it('answers every endpoint right for a visitor, the owner, another user and the admin', async () => {
    type Who = keyof typeof as;
    const everyone: Who[] = ['visitor', 'owner', 'other', 'admin'];
    const cases: [string, RouteRef, Record<string, number>, unknown, Record<Who, number>][] = [
      ['GET /api/favorites/my', routes.myBookmarks, {}, undefined, { visitor: 401, owner: 200, other: 200, admin: 200 }],
      ['POST /api/favorites', routes.bookmark, {}, { promptId: 4 }, { visitor: 401, owner: 201, other: 201, admin: 201 }],
      ['GET /api/prompts/3/rating', routes.myRating, { id: 3 }, undefined, { visitor: 401, owner: 200, other: 200, admin: 200 }],
      ['POST /api/ratings', routes.rate, {}, { userId: 1, promptId: 4, value: 1 }, { visitor: 401, owner: 200, other: 200, admin: 200 }],
      ['POST /api/history', routes.recordHistory, {}, { promptId: 4 }, { visitor: 401, owner: 201, other: 201, admin: 201 }],
      ['GET /api/history/my', routes.myHistory, {}, undefined, { visitor: 401, owner: 200, other: 200, admin: 200 }],
      ['GET /api/collections/my', routes.myCollections, {}, undefined, { visitor: 401, owner: 200, other: 200, admin: 200 }],
      ['POST /api/collections', routes.createCollection, {}, { name: 'Mine too', isPublic: false }, { visitor: 401, owner: 201, other: 201, admin: 201 }],
      ['GET private collection', routes.collection, { id: ids.private }, undefined, { visitor: 404, owner: 200, other: 404, admin: 404 }],
      ['GET public collection', routes.collection, { id: ids.public }, undefined, { visitor: 200, owner: 200, other: 200, admin: 200 }],
      ['POST public collection prompt', routes.addToCollection, { id: ids.public }, { promptId: 2 }, { visitor: 401, other: 404, admin: 404, owner: 200 }],
      [
        'DELETE public collection prompt',
        routes.removeFromCollection,
        { id: ids.public, promptId: 1 },
        undefined,
        { visitor: 401, other: 404, admin: 404, owner: 200 },
      ],
      ["DELETE owner's favorite", routes.removeBookmark, { id: ids.favorite }, undefined, { visitor: 401, other: 404, admin: 404, owner: 200 }],
      ['DELETE private collection', routes.deleteCollection, { id: ids.private }, undefined, { visitor: 401, other: 404, admin: 404, owner: 200 }],
    ];
    const seen: string[] = [];
    for (const [name, route, params, body, expected] of cases) {
      // The owner goes last, so the others meet the owner's things still in place.
      for (const who of [...everyone.filter((w) => w !== 'owner'), 'owner' as const]) {
        const r = await call(who, route, params, body);
        seen.push(`${name} as ${who}: ${r.status}`);
        expect.soft(r.status, `${name} as ${who}: ${JSON.stringify(r.body)}`).toBe(expected[who]);
        expect(r.headers.get('content-type')).toContain('application/json');
      }
    }
    expect(seen).toHaveLength(cases.length * 4);
  });

  it("shows each user only their own bookmarks, ratings, history and collections; a payload's userId changes nothing", async () => {
    const mine = (await call('owner', routes.myHistory)).body.items as { userId: number }[];
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((h) => h.userId === ids.owner)).toBe(true);
    const theirs = (await call('other', routes.myBookmarks)).body.items as { userId: number; promptId: number }[];
    expect(theirs.every((f) => f.userId === ids.other)).toBe(true);
    // A payload naming the owner rates as the caller.
    expect((await call('other', routes.rate, {}, { userId: ids.owner, promptId: 12, value: 5 })).body).toMatchObject({ userId: ids.other });
    expect((await call('owner', routes.myRating, { id: 12 })).body).toEqual({ value: null });
    expect((await call('other', routes.myRating, { id: 12 })).body).toEqual({ value: 5 });
    expect((await call('other', routes.myCollections)).body.items.map((c: { userId: number }) => c.userId)).toEqual([ids.other]);
  });

  it('shows a write on the very next read (bookmark, rating, collection), with the nested prompt', async () => {
    const created = await call('other', routes.bookmark, {}, { promptId: 9 });
    expect(created.status).toBe(201);
    const list = (await call('other', routes.myBookmarks)).body.items;
    expect(list[0]).toMatchObject({ id: created.body.id, promptId: 9, prompt: { id: 9, isApproved: true } });
    // Removing by prompt id, as the detail page and the dashboard do.
    expect((await call('other', routes.removeBookmark, { id: 9 })).status).toBe(200);
    expect((await call('other', routes.myBookmarks)).body.items.map((f: { promptId: number }) => f.promptId)).not.toContain(9);

    const rated = await call('other', routes.rate, {}, { promptId: 10, value: 5 });
    expect(rated.body).toMatchObject({ value: 5, rating: 5, ratingCount: 1, helpfulCount: 1 });
    const changed = await call('other', routes.rate, {}, { promptId: 10, value: 1 });
    expect(changed.body).toMatchObject({ value: 1, rating: 1, ratingCount: 1, helpfulCount: 0 });

    const made = await call('other', routes.createCollection, {}, { name: 'Fresh', description: 'My collection of prompts', isPublic: true });
    expect(made.body).toMatchObject({ name: 'Fresh', description: 'My collection of prompts', isPublic: true, promptCount: 0, userId: ids.other });
    await call('other', routes.addToCollection, { id: made.body.id }, { promptId: 10 });
    const view = (await call('visitor', routes.collection, { id: made.body.id })).body;
    expect(view).toMatchObject({ promptCount: 1, prompts: [{ id: 10 }] });
  });

  it("answers a rating without waiting for the catalog, and the rater's next read holds it", async () => {
    // No worker runs here: only the rater's own read can bring the catalog up to the rating.
    const before = await app.runner.checkpoint('catalog');
    const rated = await call('owner', routes.rate, {}, { promptId: 14, value: 5 });
    expect(rated.body).toMatchObject({ value: 5, rating: 5, ratingCount: 1 });
    expect(await app.runner.checkpoint('catalog')).toEqual(before);
    expect((await call('visitor', routes.prompt, { id: 14 })).body).toMatchObject({ rating: 0 });
    expect((await call('owner', routes.prompt, { id: 14 })).body).toMatchObject({ rating: 5 });
    // A second rater's tally counts both, before the catalog has either.
    expect((await call('other', routes.rate, {}, { promptId: 14, value: 1 })).body).toMatchObject({ rating: 3, ratingCount: 2 });
    expect((await call('other', routes.prompt, { id: 14 })).body).toMatchObject({ rating: 3 });
  });

  it('does not let a forged written-cookie hold a read up', async () => {
    const forged = new Browser('10.1.0.9');
    forged.jar.set(WRITTEN_COOKIE, '99999999999.99999999.catalog');
    const started = Date.now();
    expect((await forged.api(routes.prompt, { params: { id: 3 } })).status).toBe(200);
    // Waiting for that position would last the whole bound (3 s: ProjectionRunner.settle).
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('gives one bookmark and no error for concurrent double clicks', async () => {
    const clicks = await Promise.all(Array.from({ length: 6 }, () => call('admin', routes.bookmark, {}, { promptId: 11 })));
    expect(clicks.map((c) => c.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(clicks.map((c) => c.body.id)).size).toBe(1);
    const list = (await call('admin', routes.myBookmarks)).body.items as { promptId: number }[];
    expect(list.filter((f) => f.promptId === 11)).toHaveLength(1);
  });

  it('rejects bad input with 400 and its issues, and appends nothing', async () => {
    const before = await eventCount();
    const bad: [RouteRef, Record<string, string | number>, unknown, string?][] = [
      [routes.bookmark, {}, {}, 'promptId'],
      [routes.bookmark, {}, { promptId: 'abc' }, 'promptId'],
      [routes.bookmark, {}, { promptId: -1 }, 'promptId'],
      [routes.removeBookmark, { id: 'abc' }, undefined],
      [routes.myRating, { id: '0' }, undefined],
      [routes.rate, {}, { promptId: 3, value: 3 }, 'value'],
      [routes.rate, {}, { promptId: 3 }, 'value'],
      [routes.recordHistory, {}, { promptId: null }, 'promptId'],
      [routes.createCollection, {}, { name: 'ab', description: 'short' }, 'name'],
      [routes.createCollection, {}, { name: 'x'.repeat(51), isPublic: 'yes' }, 'name'],
      [routes.deleteCollection, { id: '1.5' }, undefined],
      [routes.addToCollection, { id: ids.public }, { promptId: 'x' }, 'promptId'],
      [routes.removeFromCollection, { id: ids.public, promptId: 'nope' }, undefined],
    ];
    for (const [route, params, body, field] of bad) {
      const r = await call('owner', route, params, body);
      expect(r.status, JSON.stringify([params, body, r.body])).toBe(400);
      expect(r.body.error).toBeTruthy();
      if (field) expect(r.body.issues.map((i: { path: string[] }) => i.path[0])).toContain(field);
    }
    const malformed = await as.owner.send({ path: routes.bookmark.path, rawBody: '{"promptId":' });
    expect(malformed.status).toBe(400);
    // Well-formed but about nothing that exists: 404, still nothing appended.
    expect((await call('owner', routes.bookmark, {}, { promptId: 999999 })).status).toBe(404);
    expect((await call('owner', routes.rate, {}, { promptId: 999999, value: 5 })).status).toBe(404);
    expect((await call('owner', routes.addToCollection, { id: ids.public }, { promptId: 999999 })).status).toBe(404);
    expect((await call('owner', routes.collection, { id: 999999 })).status).toBe(404);
    expect(await eventCount()).toBe(before);
  });

  // 500 requests through the whole middleware chain: on a loaded machine this outlasts the default minute.
  it('keeps counting real copies but 500 copies by one visitor no longer move a prompt up', async () => {
    const popular = await listPrompts(app.db, { sort: 'popular' });
    const target = popular[5];
    const copier = new Browser('10.9.9.9');
    const statuses = new Set<number>();
    for (let i = 0; i < 500; i++) {
      statuses.add((await copier.api(routes.use, { params: { id: target.id } })).status);
    }
    expect([...statuses]).toEqual([200]);
    const after = await listPrompts(app.db, { sort: 'popular' });
    expect(after.findIndex((p) => p.id === target.id)).toBe(5);
    expect(after.find((p) => p.id === target.id)!.usageCount).toBe(target.usageCount + 1);
    // A different visitor's copy is a real, new use.
    const second = await new Browser('10.9.9.10').api(routes.use, { params: { id: target.id } });
    expect(second.body.usageCount).toBe(target.usageCount + 2);
  }, 180_000);

  it('throttles copies per client address with 429 and Retry-After', async () => {
    const { limiter } = app;
    app.limiter = new RateLimiter(app.db, { ...limiter.limits, perIp: { ...limiter.limits.perIp, use: 5 } });
    try {
      const copier = new Browser('10.8.8.8');
      const answers = [];
      for (let i = 0; i < 7; i++) answers.push(await copier.api(routes.use, { params: { id: 2 } }));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 429, 429]);
      expect(Number(answers[6].headers.get('retry-after'))).toBeGreaterThan(0);
      // Another address is not affected.
      expect((await new Browser('10.8.8.9').api(routes.use, { params: { id: 2 } })).status).toBe(200);
    } finally {
      app.limiter = limiter;
    }
  });

  it('sweeps counters past the longest window once every ten minutes, never on every request and never a live one', async () => {
    let now = new Date('2030-01-01T00:00:00Z');
    const limits = app.limiter.limits;
    const limiter = new RateLimiter(app.db, limits, () => now);
    const longest = Math.max(limits.windowMs, ...Object.values(limits.windowsMs ?? {}));
    const later = (ms: number) => (now = new Date(now.getTime() + ms));
    const counted = async () =>
      (await app.db.query<{ key: string }>(`select key from rate_limits where key like 'use:ip:10.7.7.%' order by key`)).map((r) => r.key);
    await limiter.hit('use', { ip: '10.7.7.1' });
    later(longest + 1000);
    await limiter.hit('use', { ip: '10.7.7.2' }); // the first counter's window is long over: swept
    expect(await counted()).toEqual(['use:ip:10.7.7.2']);
    later(longest + 1000);
    await app.db.query(`update rate_limits set window_start = $1 where key = 'use:ip:10.7.7.2'`, [new Date(now.getTime() - longest - 1)]);
    await limiter.hit('use', { ip: '10.7.7.3' }); // the last sweep was long ago: swept
    expect(await counted()).toEqual(['use:ip:10.7.7.3']);
    later(60_000);
    await app.db.query(`update rate_limits set window_start = $1 where key = 'use:ip:10.7.7.3'`, [new Date(now.getTime() - longest - 1)]);
    await limiter.hit('use', { ip: '10.7.7.4' }); // a minute after the last sweep: none
    expect(await counted()).toEqual(['use:ip:10.7.7.3', 'use:ip:10.7.7.4']);
  });
});
