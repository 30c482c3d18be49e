import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXTENSION_ORIGIN } from '../../modules/devices/contracts';
import { deviceRoutes } from '../../modules/devices/routes';
import { engagementRoutes } from '../../modules/engagement/routes';
import { promptRoutes } from '../../modules/prompts/routes';
import { backends, freshApp } from '../support/backends';
import { connectTestDevice } from '../support/devices';
import { authorOtherAdmin, browsersAt, castApp, submissionTitled, type Browser } from '../support/test-app';

/** A create-page submission with a title nobody else uses, so a search finds it alone. */
const draft = (title: string, visibility?: 'public' | 'private') =>
  submissionTitled(title, { visibility, content: 'Write about {{主題}} in a {{tone:formal|casual}} tone.' });

/** Private prompts over the real endpoints and middlewares, on each backend. */
describe.each(backends)('private prompts on $name', (backend) => {
  let app: Awaited<ReturnType<typeof freshApp>>;
  /** `device` is the other member's extension: a bearer token, its own origin. */
  const [author, other, admin, visitor, device] = browsersAt('10.4.0', 5);
  const events = () => app.store.count();

  beforeAll(async () => {
    let ids: number[];
    ({ app, ids } = await castApp(backend, { sameOrigin: [author, other, admin, visitor], seed: true }, ...authorOtherAdmin(author, other, admin)));
    const otherId = ids[1];
    const token = randomBytes(32).toString('base64url');
    await connectTestDevice(
      app.store,
      otherId,
      { name: 'Laptop', tokenHash: createHash('sha256').update(token).digest('hex') },
      { actor: otherId, requestId: 't', at: new Date().toISOString() },
    );
    device.headers = { authorization: `Bearer ${token}`, origin: EXTENSION_ORIGIN };
  });
  afterAll(async () => app?.dispose());

  /** Every place a prompt could show to someone other than its author. */
  async function visibleAnywhere(id: number, title: string): Promise<string[]> {
    const seen: string[] = [];
    const has = (list: { id: number }[]) => list.some((p) => p.id === id);
    for (const [name, b] of [
      ['visitor', visitor],
      ['other', other],
      ['admin', admin],
    ] as const) {
      if (has((await b.api(promptRoutes.prompts)).body)) seen.push(`${name}: list`);
      if ((await b.api(promptRoutes.prompt, { params: { id } })).status !== 404) seen.push(`${name}: detail`);
    }
    if (has((await device.api(deviceRoutes.extensionPrompts, { query: { q: title } })).body)) seen.push('device: search');
    if ((await device.api(promptRoutes.prompt, { params: { id } })).status !== 404) seen.push('device: detail');
    if (has((await admin.api(promptRoutes.pending)).body.items)) seen.push('admin: queue');
    if ((await admin.api(promptRoutes.reviewHistory)).body.items.some((e: { promptId: number }) => e.promptId === id)) seen.push('admin: history');
    if ((await other.api(promptRoutes.mySubmissions)).body.items.some((p: { id: number }) => p.id === id)) seen.push('other: my prompts');
    if ((await device.api(promptRoutes.mySubmissions, { query: { q: title } })).body.items.some((p: { id: number }) => p.id === id))
      seen.push('device: my prompts');
    return seen;
  }

  it('keeps a private prompt from everyone but its author, then publishes it through review once submitted', async () => {
    const created = await author.api(promptRoutes.submit, { body: draft('Zebra weekly private report', 'private') });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'private', isApproved: false, authorName: 'Ada Author' });
    const id = created.body.id as number;

    expect(await visibleAnywhere(id, 'Zebra weekly')).toEqual([]);
    // The admin's statistics do not count it either.
    expect(Object.keys((await admin.api(promptRoutes.stats)).body.prompts)).not.toContain('private');

    const own = await author.api(promptRoutes.prompt, { params: { id } });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ id, status: 'private' });
    expect(own.headers.get('cache-control')).toContain('no-store');
    const mine = (await author.api(promptRoutes.mySubmissions)).body.items;
    expect(mine.find((p: { id: number }) => p.id === id)).toMatchObject({ status: 'private', timeline: [] });

    // Nobody else may submit it, nor the admin review it: each answers as if it did not exist, and nothing is appended.
    const before = await events();
    expect((await other.api(promptRoutes.share, { params: { id } })).status).toBe(404);
    expect((await admin.api(promptRoutes.share, { params: { id } })).status).toBe(404);
    expect((await visitor.api(promptRoutes.share, { params: { id } })).status).toBe(401);
    expect((await admin.api(promptRoutes.review, { params: { id }, body: { isApproved: true } })).status).toBe(404);
    expect((await admin.api(promptRoutes.withdraw, { params: { id } })).status).toBe(404);
    expect((await author.api(promptRoutes.withdraw, { params: { id } })).status).toBe(409);
    expect((await author.api(promptRoutes.use, { params: { id } })).status).toBe(404);
    expect(await events()).toBe(before);

    const shared = await author.api(promptRoutes.share, { params: { id } });
    expect(shared.status).toBe(200);
    expect(shared.body).toMatchObject({ id, status: 'pending' });
    expect((await admin.api(promptRoutes.pending)).body.items.map((p: { id: number }) => p.id)).toContain(id);
    const again = await author.api(promptRoutes.share, { params: { id } });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatch(/only a private prompt/i);
    expect((await visitor.api(promptRoutes.prompt, { params: { id } })).status).toBe(404);

    expect((await admin.api(promptRoutes.review, { params: { id }, body: { isApproved: true } })).status).toBe(200);
    expect((await visitor.api(promptRoutes.prompt, { params: { id } })).body).toMatchObject({ id, isApproved: true });
    expect((await visitor.api(promptRoutes.prompts)).body.map((p: { id: number }) => p.id)).toContain(id);
    expect((await device.api(deviceRoutes.extensionPrompts, { query: { q: 'Zebra weekly' } })).body.map((p: { id: number }) => p.id)).toEqual([id]);
    const timeline = (await author.api(promptRoutes.mySubmissions)).body.items.find((p: { id: number }) => p.id === id).timeline;
    expect(timeline.map((s: { decision: string }) => s.decision)).toEqual(['submitted', 'approved']);
  });

  it('lets its author fill it in: the filled copy goes to their history and its values come back as suggestions; nobody else may', async () => {
    const { id } = (await author.api(promptRoutes.submit, { body: draft('My own private template', 'private') })).body;
    const values = { 主題: '季度報告', tone: 'casual' };
    const recorded = await author.api(engagementRoutes.recordHistory, { body: { promptId: id, values } });
    expect(recorded.status).toBe(201);
    expect(recorded.body.modifiedContent).toBe('Write about 季度報告 in a casual tone.');
    expect((await author.api(engagementRoutes.recentValues, { params: { id } })).body).toEqual({ 主題: ['季度報告'], tone: ['casual'] });
    // Another user (and a visitor) cannot record or read against it: it does not exist for them.
    const before = await events();
    expect((await other.api(engagementRoutes.recordHistory, { body: { promptId: id, values } })).status).toBe(404);
    expect((await other.api(engagementRoutes.recordHistory, { body: { promptId: id } })).status).toBe(404);
    expect((await other.api(engagementRoutes.recentValues, { params: { id } })).status).toBe(404);
    expect((await visitor.api(engagementRoutes.recordHistory, { body: { promptId: id } })).status).toBe(401);
    expect(await events()).toBe(before);
  });

  it('searches My Prompts in title, description and content, as plain text, for its owner only', async () => {
    const stamp = Date.now().toString(36);
    const kept = (
      await author.api(promptRoutes.submit, { body: { ...draft(`Quarterly ${stamp} notes`, 'private'), content: 'Summarise 50%_off {{topic}} plainly.' } })
    ).body;
    const sent = (await author.api(promptRoutes.submit, { body: draft(`Weekly ${stamp} digest`) })).body;
    const search = async (b: Browser, q: string) => (await b.api(promptRoutes.mySubmissions, { query: { q } })).body.items.map((p: { id: number }) => p.id);
    expect(await search(author, stamp)).toEqual([sent.id, kept.id]);
    expect(await search(author, `QUARTERLY ${stamp}`)).toEqual([kept.id]);
    // Content counts, and % and _ mean themselves (no LIKE pattern).
    expect(await search(author, '50%_off')).toEqual([kept.id]);
    expect(await search(author, '5_%')).toEqual([]);
    expect(await search(other, stamp)).toEqual([]);
    const tooLong = await author.api(promptRoutes.mySubmissions, { query: { q: 'x'.repeat(101) } });
    expect(tooLong.status).toBe(400);
    // Found by fuzz-routes: a NUL reached PostgreSQL's strpos (500) when the endpoint was called past the query middleware.
    expect((await author.api(promptRoutes.mySubmissions, { query: { q: 'a\u0000b' } })).status).toBe(400);
  });

  it("lets the other member's extension save a private prompt and list it in My Prompts: its own user's prompts only", async () => {
    const stamp = Date.now().toString(36);
    const saved = await device.api(promptRoutes.submit, { body: draft(`Saved from a page ${stamp}`, 'private') });
    expect(saved.status).toBe(201);
    expect(saved.body.status).toBe('private');
    const authors = (await author.api(promptRoutes.submit, { body: draft(`Author's own ${stamp}`, 'private') })).body;
    const listed = (await device.api(promptRoutes.mySubmissions, { query: { q: stamp } })).body;
    expect(listed.items.map((p: { id: number; status: string }) => [p.id, p.status])).toEqual([[saved.body.id, 'private']]);
    expect((await author.api(promptRoutes.mySubmissions, { query: { q: stamp } })).body.items.map((p: { id: number }) => p.id)).toEqual([authors.id]);
    // Paged for the device as for the site: one at a time, then the end.
    const first = (await other.api(promptRoutes.mySubmissions, { query: { limit: 1 } })).body;
    expect((await device.api(promptRoutes.mySubmissions, { query: { limit: 1 } })).body).toEqual(first);
  });

  it('submits a public prompt for review by default, exactly as before', async () => {
    const created = await author.api(promptRoutes.submit, { body: draft('Public by default') });
    expect(created.status).toBe(201);
    expect(created.body.status).toBe('pending');
    expect((await admin.api(promptRoutes.pending)).body.items.map((p: { id: number }) => p.id)).toContain(created.body.id);
  });

  it('refuses an unknown visibility with a structured 400 and appends nothing', async () => {
    const before = await events();
    const bad = await author.api(promptRoutes.submit, { body: { ...draft('Bad visibility'), visibility: 'friends' } as never });
    expect(bad.status).toBe(400);
    expect(bad.body.issues[0]).toMatchObject({ path: ['visibility'] });
    expect((await author.api(promptRoutes.share, { params: { id: 'x' as never } })).status).toBe(400);
    expect((await author.api(promptRoutes.share, { params: { id: 999_999 } })).status).toBe(404);
    expect(await events()).toBe(before);
  });
});
