import { createHash, randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { START } from '../../events';
import { findConnectionRequest } from '../../modules/devices';
import { DEVICE_REFUSALS, EXTENSION_ORIGIN } from '../../modules/devices/contracts';
import { routes } from '../../src/shared/api-routes';
import { backends, freshApp } from '../support/backends';
import { Browser, browsersAt, installApp, signUpAs } from '../support/test-app';

const newToken = () => randomBytes(32).toString('base64url');
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const CHROME_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const MINUTE = 60_000;

/** The extension's credential end to end, through the real middlewares and handlers, on both backends. */
describe.each(backends)('extension devices API on $name', (backend) => {
  let app: Awaited<ReturnType<typeof freshApp>>;
  /** `extension` is the extension: no cookies, its own origin, a bearer token. */
  const [owner, other, admin, extension] = browsersAt('10.2.0', 4);

  const signUp = (browser: Browser, email: string) => signUpAs(app, browser, email);

  /** `who` on the site's own pages. */
  const web = (who: Browser) => who.with({ origin: 'http://localhost:4321' });
  /** The extension holding `token`. */
  const bearer = (token: string, origin = EXTENSION_ORIGIN) => extension.with({ authorization: `Bearer ${token}`, origin });

  /** The extension asks to be connected (no token yet: it has none), as it does before opening the approval page. */
  const ask = (token: string, name = 'Chrome on Windows') =>
    extension.with({ origin: EXTENSION_ORIGIN, 'user-agent': CHROME_ON_WINDOWS }).api(routes.requestConnection, { body: { name, tokenHash: hashOf(token) } });
  /** The user approves, as the approval page does. */
  const approve = (who: Browser, token: string, name = 'Chrome on Windows') => web(who).api(routes.connectDevice, { body: { name, tokenHash: hashOf(token) } });

  afterEach(() => {
    vi.useRealTimers();
  });

  beforeAll(async () => {
    app = await freshApp(backend, { publicUrl: 'http://localhost:4321', adminEmail: 'admin@promptory.test', seed: true });
    installApp(app);
    await signUp(owner, 'owner@example.com');
    await signUp(other, 'other@example.com');
    await signUp(admin, 'admin@promptory.test');
    await web(owner).api(routes.bookmark, { body: { promptId: 3 } });
  });
  afterAll(async () => app?.dispose());

  it("connects a device the user approves, and the token then acts for that user in the extension's scope only", async () => {
    const token = newToken();
    expect((await bearer(token).api(routes.me)).body).toEqual({ user: null });
    expect((await bearer(token).api(routes.myBookmarks)).status).toBe(401);

    expect((await ask(token, 'Chrome on Linux')).status).toBe(201);
    const before = await app.store.count();
    const approved = await approve(owner, token, 'Chrome on Linux');
    expect(approved.status).toBe(201);
    expect(approved.body).toMatchObject({ name: 'Chrome on Linux', lastUsedAt: null });
    // DeviceConnectionApproved on the request, DeviceConnected on the device.
    expect(await app.store.count()).toBe(before + 2);

    const who = await bearer(token).api(routes.me);
    expect(who.body.user).toMatchObject({ email: 'owner@example.com', isAdmin: false });
    const favs = await bearer(token).api(routes.myBookmarks);
    expect(favs.status).toBe(200);
    expect(favs.body.items.map((f: { promptId: number }) => f.promptId)).toEqual([3]);

    const submitted = await bearer(token).api(routes.submit, {
      body: {
        title: 'Saved from a page',
        description: 'A prompt saved with the extension',
        content: 'Summarise this page in three bullet points.',
        categoryId: 1,
      },
    });
    expect(submitted.status).toBe(201);
    expect(submitted.body).toMatchObject({ authorName: 'owner', status: 'pending' });
    const queue = await web(admin).api(routes.pending);
    expect(queue.body.items.map((p: { title: string }) => p.title)).toContain('Saved from a page');

    // Out of scope: 403 before anything runs, whatever the token.
    const countBefore = await app.store.count();
    expect((await bearer(token).api(routes.createCollection, { body: { name: 'Nope nope' } })).status).toBe(403);
    expect((await bearer(token).api(routes.connectDevice, { body: { name: 'x', tokenHash: hashOf(newToken()) } })).status).toBe(403);
    expect((await bearer(token).api(routes.pending)).status).toBe(403);
    expect(await app.store.count()).toBe(countBefore);

    const listed = await web(owner).api(routes.devices);
    expect(listed.body).toHaveLength(1);
    expect(listed.body[0].lastUsedAt).not.toBeNull();
    expect((await web(other).api(routes.devices)).body).toEqual([]);
  });

  it("keeps the site's cross-origin protection: only the extension's own origin may write, never Origin: null", async () => {
    const token = newToken();
    await ask(token);
    await approve(owner, token);
    const body = { title: 'Cross origin try', description: 'Should never be stored', content: 'Content long enough here.', categoryId: 1 };
    const before = await app.store.count();
    for (const origin of ['https://evil.example', 'null', 'chrome-extension://aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa']) {
      expect((await bearer(token, origin).api(routes.submit, { body })).status, origin).toBe(403);
    }
    // A web page cannot approve a device for a signed-in visitor from another site either.
    const forged = await owner.with({ origin: 'https://evil.example' }).api(routes.connectDevice, { body: { name: 'Evil', tokenHash: hashOf(newToken()) } });
    expect(forged.status).toBe(403);
    expect(await app.store.count()).toBe(before);
  });

  it('refuses bad or reused keys with 4xx and changes nothing', async () => {
    const token = newToken();
    await ask(token);
    await approve(owner, token);
    const before = await app.store.count();
    expect((await web(other).api(routes.connectDevice, { body: { name: 'Chrome', tokenHash: hashOf(token) } })).status).toBe(409);
    const bad = await web(owner).api(routes.connectDevice, { body: { name: '', tokenHash: 'not-a-hash' } });
    expect(bad.status).toBe(400);
    expect(bad.body.issues.map((i: { path: string[] }) => i.path[0]).sort()).toEqual(['name', 'tokenHash']);
    expect((await web(owner).send({ method: 'POST', path: routes.connectDevice.path, rawBody: '{' })).status).toBe(400);
    expect((await new Browser().api(routes.connectDevice, { body: { name: 'x', tokenHash: hashOf(newToken()) } })).status).toBe(401);
    expect((await web(owner).api(routes.revokeDevice, { params: { id: 'abc' } })).status).toBe(400);
    expect(await app.store.count()).toBe(before);
    // The reused key still belongs to the owner.
    expect((await bearer(token).api(routes.me)).body.user.email).toBe('owner@example.com');
  });

  it('signs a device out from the dashboard (owner only) or from the extension itself, at once', async () => {
    const token = newToken();
    await ask(token, 'Laptop');
    const { body: created } = await approve(owner, token, 'Laptop');
    const id = String(created.id);
    expect((await web(other).api(routes.revokeDevice, { params: { id } })).status).toBe(404);
    expect((await bearer(token).api(routes.me)).body.user).not.toBeNull();
    expect((await web(owner).api(routes.revokeDevice, { params: { id } })).status).toBe(204);
    expect((await bearer(token).api(routes.me)).body.user).toBeNull();
    expect((await bearer(token).api(routes.myBookmarks)).status).toBe(401);
    expect((await web(owner).api(routes.devices)).body.map((d: { id: number }) => d.id)).not.toContain(created.id);
    // Revoking again is harmless.
    expect((await web(owner).api(routes.revokeDevice, { params: { id } })).status).toBe(204);

    const second = newToken();
    await ask(second, 'Desktop');
    await approve(owner, second, 'Desktop');
    expect((await bearer(second).api(routes.signOutDevice)).status).toBe(204);
    expect((await bearer(second).api(routes.myBookmarks)).status).toBe(401);
    // The log is read gap-safe: on a shared PostgreSQL server another database's open transaction
    // holds back the newest events for a moment, so the read is repeated until they show.
    const revokedBy = async () => (await app.store.readAll(START, 10_000)).filter((e) => e.type === 'DeviceRevoked').map((e) => (e.data as { by: string }).by);
    await expect.poll(revokedBy, { timeout: 15_000 }).toEqual(['user', 'device']);
    // A revoked device's row goes with its revocation (the log keeps the fact), and the
    // approval page still tells its request was approved.
    const rows = await app.db.query('select device_id from extension_devices where token_hash = any($1::text[])', [[hashOf(token), hashOf(second)]]);
    expect(rows).toEqual([]);
    expect((await findConnectionRequest(app.db, hashOf(token)))?.status).toBe('approved');
  });

  it('approves only a request the extension made, within 10 minutes of its asking', async () => {
    // Unknown to the site: the link alone is not enough.
    const unasked = newToken();
    let before = await app.store.count();
    const unknown = await approve(owner, unasked);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe(DEVICE_REFUSALS.requestUnknown.message);
    expect(await app.store.count()).toBe(before);

    // What the approval page shows: the name, browser and system, origin, when, until when.
    const token = newToken();
    const asked = Date.now();
    expect((await ask(token, 'Work laptop')).status).toBe(201);
    const shown = await findConnectionRequest(app.db, hashOf(token));
    expect(shown).toMatchObject({ name: 'Work laptop', agent: 'Chrome 131 on Windows', origin: EXTENSION_ORIGIN, status: 'pending' });
    expect(new Date(shown!.expiresAt).getTime() - new Date(shown!.requestedAt).getTime()).toBe(10 * MINUTE);
    expect(Math.abs(new Date(shown!.requestedAt).getTime() - asked)).toBeLessThan(MINUTE);
    // A key is asked for once.
    expect((await ask(token, 'Work laptop')).status).toBe(409);

    // Eleven minutes on, the page says it expired and the approval is refused, appending nothing.
    vi.useFakeTimers({ toFake: ['Date'], now: asked + 11 * MINUTE });
    expect((await findConnectionRequest(app.db, hashOf(token)))?.status).toBe('expired');
    before = await app.store.count();
    const late = await approve(owner, token, 'Work laptop');
    expect(late.status).toBe(409);
    expect(late.body.error).toBe(DEVICE_REFUSALS.requestExpired.message);
    expect(await app.store.count()).toBe(before);
    vi.useRealTimers();
    expect((await bearer(token).api(routes.me)).body).toEqual({ user: null });

    // Nine minutes on it still works, under the name the extension asked with.
    const fresh = newToken();
    const freshAsked = Date.now();
    await ask(fresh, 'Home desktop');
    vi.useFakeTimers({ toFake: ['Date'], now: freshAsked + 9 * MINUTE });
    const ok = await approve(owner, fresh, 'Home desktop');
    expect(ok.status).toBe(201);
    expect(ok.body.name).toBe('Home desktop');
    expect((await findConnectionRequest(app.db, hashOf(fresh)))?.status).toBe('approved');
    vi.useRealTimers();
    expect((await bearer(fresh).api(routes.me)).body.user.email).toBe('owner@example.com');

    // Asking needs no credential but keeps the site's origin check and the validation.
    expect(
      (
        await new Browser('10.2.0.9')
          .with({ origin: 'https://evil.example' })
          .api(routes.requestConnection, { body: { name: 'Evil', tokenHash: hashOf(newToken()) } })
      ).status,
    ).toBe(403);
    const bad = await extension.with({ origin: EXTENSION_ORIGIN }).api(routes.requestConnection, { body: { name: '', tokenHash: 'nope' } });
    expect(bad.status).toBe(400);
  });

  it("serves the side panel's search and category filter from the catalog", async () => {
    const all = await extension.api(routes.extensionPrompts);
    expect(all.status).toBe(200);
    expect(all.body.length).toBeGreaterThan(5);
    const coding = await extension.api(routes.extensionPrompts, { query: { categoryId: 2 } });
    expect(coding.body.length).toBeGreaterThan(0);
    expect(coding.body.every((p: { categoryId: number }) => p.categoryId === 2)).toBe(true);
    const word = all.body[0].title.split(' ')[0].toLowerCase();
    const found = await extension.api(routes.extensionPrompts, { query: { q: word } });
    expect(found.body.length).toBeGreaterThan(0);
    // The one search engine: title and description matches first, then prompts that mention the word in their text.
    type Found = { title: string; description: string; content: string };
    const inHead = (p: Found) => `${p.title} ${p.description}`.toLowerCase().includes(word);
    expect(inHead(found.body[0])).toBe(true);
    expect(found.body.every((p: Found) => inHead(p) || p.content.toLowerCase().includes(word))).toBe(true);
    const firstBodyOnly = found.body.findIndex((p: Found) => !inHead(p));
    if (firstBodyOnly >= 0) expect(found.body.slice(firstBodyOnly).every((p: Found) => !inHead(p))).toBe(true);
    expect((await extension.send({ method: 'GET', path: `${routes.extensionPrompts.path}?categoryId=x` })).status).toBe(400);
  });
});
