import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordUse } from '../../modules/prompts';
import { rate } from '../../modules/engagement';
import { getRatingStats } from '../../projections/catalog/queries';
import { backends, freshApp } from '../support/backends';
import { rebuildJobs } from '../../src/server/read-models/rebuild-jobs';
import { Browser, installApp, signedInBrowser } from '../support/test-app';
import type { RouteRef } from '../../events/route';
import { routes } from '../../src/shared/api-routes';

const ADMIN = 'admin@promptory.test';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A submission the community dialog may send (its limits: title 3+, description 10+, content 20+). */
const dialog = (title: string) => ({
  title,
  description: 'Ten chars+ of description.',
  content: 'At least twenty characters of prompt content.',
  categoryId: 2,
  authorName: 'Pen Name',
  authorImage: '',
  isFeatured: true,
  isEditorsPick: true,
});

/** A submission the create page may send (title 5+, description 20+, content 10-5000). */
const createPage = (title: string) => ({
  title,
  description: 'Twenty characters or more here.',
  content: 'Ten chars+',
  categoryId: 1,
  authorName: 'Ann Author',
});

/** Submission, review, re-review, withdraw, history, as-of queue and stats over the real handlers, on each backend. */
describe.each(backends)('review API on $name', (backend) => {
  let app: Awaited<ReturnType<typeof freshApp>>;
  let admin: Browser;
  let ann: Browser;
  let bob: Browser;
  const visitor = new Browser('10.0.0.9');
  const events = async () => (await app.db.query<{ n: number }>('select count(*)::int as n from events'))[0].n;

  const signUp = (email: string, name: string) => signedInBrowser(app, email, name, ADMIN);

  /** A call of `route` by `b`; tests send ill-typed input on purpose, hence untyped. */
  const call = (b: Browser, route: RouteRef, input: { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown } = {}) =>
    b.api(route, input as never);
  const submit = (b: Browser, body: unknown) => call(b, routes.submit, { body });
  const publicIds = async () => ((await visitor.api(routes.prompts)).body as { id: number }[]).map((p) => p.id);
  const detail = (b: Browser, id: number) => b.api(routes.prompt, { params: { id } });
  const review = (b: Browser, id: number, isApproved: unknown) =>
    call(b, routes.review, { params: { id }, body: isApproved ? { isApproved } : { isApproved, reason: 'other' } });
  const reReview = (b: Browser, id: number, isApproved: boolean) => b.api(routes.reReview, { params: { id }, body: { isApproved } });
  const withdraw = (b: Browser, id: number) => b.api(routes.withdraw, { params: { id } });
  const pending = async (asOf?: string) => {
    const r = await call(admin, routes.pending, { query: { asOf } });
    expect(r.status).toBe(200);
    return (r.body.items as { id: number }[]).map((p) => p.id);
  };
  const my = async (b: Browser) =>
    (await b.api(routes.mySubmissions)).body.items as { id: number; status: string; timeline: { decision: string; byAuthor: boolean }[] }[];

  beforeAll(async () => {
    // Seeded at start, before the ADMIN_EMAIL account makes the log non-empty.
    app = await freshApp(backend, { publicUrl: 'http://localhost:4321', adminEmail: ADMIN, seed: true });
    installApp(app);
    admin = await signUp(ADMIN, 'Admin');
    ann = await signUp('ann@example.com', 'Ann Lee');
    bob = await signUp('bob@example.com', 'Bob Ray');
  });
  afterAll(async () => app?.dispose());

  it('every admin endpoint refuses a visitor (401) and a user (403), and changes nothing', async () => {
    const admins: [RouteRef, Parameters<typeof call>[2]?][] = [
      [routes.pending],
      [routes.pending, { query: { asOf: '2026-01-01T00:00:00Z' } }],
      [routes.review, { params: { id: 1 }, body: { isApproved: false, reason: 'other' } }],
      [routes.reReview, { params: { id: 1 }, body: { isApproved: false } }],
      [routes.reviewHistory],
      [routes.stats],
      [routes.rebuildStatus],
      [routes.rebuild, { body: {} }],
      [routes.projections],
      [routes.replay, { params: { name: 'catalog' } }],
    ];
    const before = await events();
    for (const [route, input] of admins) {
      const { method, path } = route;
      expect((await call(visitor, route, input)).status, `${method} ${path} as a visitor`).toBe(401);
      const r = await call(ann, route, input);
      expect(r.status, `${method} ${path} as a user`).toBe(403);
      expect(r.body.error).toBe("You don't have admin permissions.");
    }
    expect(await events()).toBe(before);
    expect((await admin.api(routes.rebuildStatus)).body).toEqual({ job: null });
  });

  it('accepts what either form sends, rejects the rest with 400 and the issues, and appends nothing for them', async () => {
    const before = await events();
    const bad: [unknown, string][] = [
      [{ ...dialog('ab') }, 'Title must be at least 3 characters.'],
      [{ ...dialog('Fine title'), description: 'short' }, 'Description must be at least 10 characters.'],
      [{ ...createPage('Fine title'), content: 'too short' }, 'Prompt content must be at least 10 characters.'],
      [{ ...createPage('Fine title'), content: 'x'.repeat(5001) }, 'Prompt content must not exceed 5000 characters.'],
      [{ ...dialog('Fine title'), categoryId: 'writing' }, 'Please select a category.'],
      [{ ...dialog('Fine title'), categoryId: 99 }, 'Please select a category.'],
      [{ ...dialog('Fine title'), authorName: 'A' }, 'Author name must be at least 2 characters.'],
      [{ ...dialog('Fine title'), isFeatured: 'yes' }, ''],
      [{ ...dialog('Fine title'), authorImage: 'javascript:alert(1)' }, ''],
    ];
    for (const [body, message] of bad) {
      const r = await submit(ann, body);
      expect(r.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(Array.isArray(r.body.issues)).toBe(true);
      if (message) expect(r.body.issues.map((i: { message: string }) => i.message)).toContain(message);
    }
    expect((await ann.send({ path: routes.submit.path, rawBody: '{oops' })).status).toBe(400);
    // Visitors do not submit (docs/decisions/0012-visitors-do-not-submit.md).
    const anonymous = await submit(visitor, dialog('Anonymous try'));
    expect(anonymous.status).toBe(401);
    expect(await events()).toBe(before);
  });

  it('keeps a submission pending: in no public list, 404 to others, visible to its submitter (marked pending) and the admin', async () => {
    const fromDialog = await submit(ann, dialog('Dialog prompt'));
    expect(fromDialog.status).toBe(201);
    expect(fromDialog.body).toMatchObject({
      id: expect.any(Number),
      status: 'pending',
      authorName: 'Pen Name',
      isFeatured: false,
      isEditorsPick: false,
      isApproved: false,
    });
    const fromPage = await submit(ann, { ...createPage('Create page prompt'), authorName: undefined });
    expect(fromPage.status).toBe(201);
    expect(fromPage.body.authorName).toBe('Ann Lee');
    const id = fromDialog.body.id as number;
    expect(await publicIds()).not.toContain(id);
    expect((await detail(visitor, id)).status).toBe(404);
    expect((await detail(bob, id)).status).toBe(404);
    const own = await detail(ann, id);
    expect(own.status).toBe(200);
    expect(own.body.status).toBe('pending');
    expect(own.headers.get('cache-control')).toContain('no-store');
    expect((await detail(admin, id)).body.status).toBe('pending');
    // Read-your-writes: the queue shows both at once.
    expect(await pending()).toEqual(expect.arrayContaining([id, fromPage.body.id]));
  });

  it("keeps the admin's curation flags on their own submission", async () => {
    const r = await submit(admin, { ...dialog('Admin curated'), authorImage: 'https://example.com/me.png' });
    expect(r.body).toMatchObject({ isFeatured: true, isEditorsPick: true, authorName: 'Pen Name', authorImage: 'https://example.com/me.png' });
  });

  it('approves (public at once) and rejects (out of the queue, nowhere public); a second review is 409 and adds nothing', async () => {
    const a = (await submit(ann, dialog('To approve'))).body.id as number;
    const r = (await submit(ann, dialog('To reject'))).body.id as number;
    expect(await review(admin, a, 'yes').then((x) => x.status)).toBe(400);
    const approved = await review(admin, a, true);
    expect(approved.status).toBe(200);
    expect(await publicIds()).toContain(a);
    expect((await detail(visitor, a)).body).toMatchObject({ id: a, isApproved: true, reviewedBy: expect.any(Number) });
    expect((await detail(visitor, a)).body).not.toHaveProperty('status');
    expect((await review(admin, r, false)).status).toBe(200);
    const queue = await pending();
    expect(queue).not.toContain(a);
    expect(queue).not.toContain(r);
    expect(await publicIds()).not.toContain(r);
    expect((await detail(visitor, r)).status).toBe(404);
    expect((await detail(ann, r)).body.status).toBe('rejected');
    const before = await events();
    expect((await review(admin, a, false)).status).toBe(409);
    expect((await review(admin, 999999, true)).status).toBe(404);
    expect(await events()).toBe(before);
  });

  it('a double click on review makes one event: one 200, one 409', async () => {
    const id = (await submit(bob, dialog('Double click'))).body.id as number;
    const answers = await Promise.all([review(admin, id, true), review(admin, id, true)]);
    expect(answers.map((x) => x.status).sort()).toEqual([200, 409]);
    const stream = await app.store.readStream(`prompt-${id}`);
    expect(stream.map((e) => e.type)).toEqual(['PromptSubmitted', 'PromptReviewed']);
  });

  it('re-review: withdraws an approved prompt (uses and ratings kept, hidden) and publishes it again; approves a rejected one', async () => {
    const id = (await submit(ann, dialog('Re-reviewed'))).body.id as number;
    await review(admin, id, true);
    await app.settle(
      await recordUse(app.store, id, { userId: null, isAdmin: false }, { actor: null, requestId: 't', at: new Date().toISOString() }, '10.1.1.1'),
    );
    await app.settle(await rate(app.store, 999, id, 5, { actor: 999, requestId: 't', at: new Date().toISOString() }));
    const withdrawn = await reReview(admin, id, false);
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body).toMatchObject({ id, status: 'withdrawn', changed: true });
    expect(await publicIds()).not.toContain(id);
    expect((await detail(visitor, id)).status).toBe(404);
    expect(await getRatingStats(app.db, id)).toBeNull();
    expect((await reReview(admin, id, false)).status).toBe(409);
    expect((await reReview(admin, id, true)).status).toBe(200);
    expect((await detail(visitor, id)).body).toMatchObject({ usageCount: 1, rating: 5, ratingCount: 1 });
    const rejected = (await submit(ann, dialog('Rejected, then approved'))).body.id as number;
    expect((await reReview(admin, rejected, true)).status).toBe(409); // still pending: the queue reviews it
    await review(admin, rejected, false);
    expect((await reReview(admin, rejected, true)).status).toBe(200);
    expect(await publicIds()).toContain(rejected);
    const timeline = (await admin.api(routes.reviewHistory, { query: { promptId: id } })).body.items;
    expect(timeline.map((e: { decision: string }) => e.decision)).toEqual(['submitted', 'approved', 'withdrawn', 'approved']);
  });

  it('the author (or the admin) withdraws: it leaves every public list at once; others cannot', async () => {
    const published = (await submit(ann, dialog('Published then withdrawn'))).body.id as number;
    const waiting = (await submit(ann, dialog('Pending then withdrawn'))).body.id as number;
    await review(admin, published, true);
    expect((await withdraw(visitor, published)).status).toBe(401);
    expect((await withdraw(bob, published)).status).toBe(403);
    expect((await withdraw(bob, waiting)).status).toBe(404);
    expect((await withdraw(ann, published)).body).toMatchObject({ status: 'withdrawn', changed: true });
    expect(await publicIds()).not.toContain(published);
    expect((await withdraw(ann, published)).body).toMatchObject({ status: 'withdrawn', changed: false });
    expect((await withdraw(ann, waiting)).status).toBe(200);
    expect(await pending()).not.toContain(waiting);
    // The author decided: the admin cannot publish it again.
    expect((await reReview(admin, published, true)).status).toBe(409);
    const bobs = (await submit(bob, dialog('Admin removes it'))).body.id as number;
    expect((await withdraw(admin, bobs)).body).toMatchObject({ status: 'withdrawn', changed: true });
  });

  it("GET /api/prompts/my: the author's submissions with status and timeline; 401 for a visitor", async () => {
    expect((await visitor.api(routes.mySubmissions)).status).toBe(401);
    const mine = await my(ann);
    const byTitle = new Map(mine.map((p) => [(p as unknown as { title: string }).title, p]));
    expect(byTitle.get('Dialog prompt')!.status).toBe('pending');
    expect(byTitle.get('To approve')!.status).toBe('approved');
    expect(byTitle.get('To reject')!.status).toBe('rejected');
    expect(byTitle.get('Published then withdrawn')!.status).toBe('withdrawn');
    expect(byTitle.get('Published then withdrawn')!.timeline.map((s) => [s.decision, s.byAuthor])).toEqual([
      ['submitted', true],
      ['approved', false],
      ['withdrawn', true],
    ]);
    expect(byTitle.has('Double click')).toBe(false); // Bob's
  });

  it('the history lists every submission and decision with who acted, filterable by prompt and decision', async () => {
    // Every page (at most 100 entries each), following the cursor.
    const all: { decision: string; actorName: string | null; position: number; title: string }[] = [];
    for (let cursor: number | null = null, first = true; first || cursor !== null; first = false) {
      const page: { items: typeof all; nextCursor: number | null } = (
        await admin.api(routes.reviewHistory, { query: { limit: 100, cursor: cursor ?? undefined } })
      ).body;
      all.push(...page.items);
      cursor = page.nextCursor;
    }
    const [{ n }] = await app.db.query<{ n: number }>(
      `select count(*)::int as n from events where type in ('PromptSubmitted', 'PromptReviewed', 'PromptWithdrawn')`,
    );
    expect(all).toHaveLength(n);
    expect(all.map((e) => e.position)).toEqual([...all.map((e) => e.position)].sort((x, y) => y - x));
    const rejectedOnes = (await admin.api(routes.reviewHistory, { query: { decision: 'rejected' } })).body.items as typeof all;
    expect(rejectedOnes.length).toBeGreaterThan(0);
    expect(rejectedOnes.every((e) => e.decision === 'rejected' && e.actorName === 'Admin')).toBe(true);
    expect(all.find((e) => e.title === 'Dialog prompt' && e.decision === 'submitted')!.actorName).toBe('Ann Lee');
    for (const query of ['decision=maybe', 'promptId=abc', 'promptId=0']) {
      expect((await admin.send({ method: 'GET', path: `${routes.reviewHistory.path}?${query}` })).status, query).toBe(400);
    }
  });

  it('shows the queue as it stood at a past time, replayed from the log (the live tables untouched)', async () => {
    const start = new Date();
    await sleep(5);
    const first = (await submit(ann, dialog('As-of one'))).body.id as number;
    const second = (await submit(bob, dialog('As-of two'))).body.id as number;
    const between = new Date();
    // The next transaction must start after `between` (the clock only has to move on).
    while (Date.now() <= between.getTime() + 1) await sleep(2);
    await review(admin, first, true);
    await review(admin, second, false);
    const now = await pending();
    expect(now).not.toContain(first);
    expect(await pending(between.toISOString())).toEqual(expect.arrayContaining([first, second]));
    const before = await pending(start.toISOString());
    expect(before).not.toContain(first);
    expect(before).not.toContain(second);
    expect(await pending(new Date(Date.now() + 60_000).toISOString())).toEqual(now);
    expect((await admin.api(routes.pending, { query: { asOf: 'yesterday' } })).status).toBe(400);
    // Every scratch copy was dropped (its checkpoint row goes with it).
    const [{ n }] = await app.db.query<{ n: number }>(`select count(*)::int as n from projection_checkpoints where name like '%@%'`);
    expect(n).toBe(0);
  });

  it("statistics are the read models' real totals", async () => {
    const stats = (await admin.api(routes.stats)).body;
    expect(stats.totalPrompts).toBe((await publicIds()).length);
    const [{ users }] = await app.db.query<{ users: number }>('select count(*)::int as users from users');
    expect(stats.totalUsers).toBe(users);
    expect(stats.totalUsers).toBeGreaterThanOrEqual(3);
    const [{ uses }] = await app.db.query<{ uses: number }>(`select coalesce(sum((data->>'count')::int), 0)::int as uses from events where type = 'Used'`);
    expect(stats.totalUsage).toBe(uses);
    expect(stats.prompts.pending).toBe((await pending()).length);
    expect(stats.prompts.withdrawn).toBeGreaterThanOrEqual(3);
  });

  it('rebuilds the review and catalog read models in the background, with progress to poll', async () => {
    const before = await pending();
    const started = await admin.api(routes.rebuild, { body: {} });
    expect(started.status).toBe(202);
    expect(started.body.job.projections.map((p: { name: string }) => p.name)).toEqual(['review', 'catalog']);
    let job = started.body.job;
    while (job.state === 'running') {
      job = (await admin.api(routes.rebuildStatus)).body.job;
      await sleep(10);
    }
    expect(job.state).toBe('done');
    for (const p of job.projections) expect(p).toMatchObject({ done: true, applied: p.total });
    expect(job.projections[1].total).toBeGreaterThan(0);
    expect(await pending()).toEqual(before);
    expect((await call(admin, routes.rebuild, { body: { projections: ['nope'] } })).status).toBe(404);
    // One rebuild at a time: a second start while one runs is refused (the endpoint's 409).
    const jobs = rebuildJobs(app.runner);
    expect(jobs.start(['review'], 1)).not.toBeNull();
    expect(jobs.start(['review'], 1)).toBeNull();
    await jobs.idle();
    expect(jobs.latest()!.state).toBe('done');
    expect((await call(admin, routes.rebuild, { body: { projections: 'catalog' } })).status).toBe(400);
  });
});
