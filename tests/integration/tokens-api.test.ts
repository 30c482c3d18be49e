import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountRoutes } from '../../modules/accounts/routes';
import { collectionRoutes } from '../../modules/collections/routes';
import { engagementRoutes } from '../../modules/engagement/routes';
import { promptRoutes } from '../../modules/prompts/routes';
import { hashBearer } from '../../events';
import { DAY_MS, findAccessToken, listAccessTokens, MAX_TOKENS_PER_USER, TOKEN_MESSAGES } from '../../modules/tokens';
import { tokenRoutes } from '../../modules/tokens/routes';
import { backends, freshApp } from '../support/backends';
import { Browser, castApp, lastMail, signUpAs, submissionTitled, TEST_ORIGIN } from '../support/test-app';

const web = (ip: string) => Object.assign(new Browser(ip), { headers: { origin: TEST_ORIGIN } });
/** A script or AI tool: no cookies, no Origin, the token as a bearer. */
const bearer = (token: string) => Object.assign(new Browser('10.21.9.9'), { headers: { authorization: `Bearer ${token}` } });
const newPrompt = submissionTitled('Made with a token', { content: 'Summarise {{text}} in three bullet points.' });

/** Personal access tokens end to end through the real middlewares and endpoints, on both backends. */
describe.each(backends)('personal access tokens on $name', (backend) => {
  let app: Awaited<ReturnType<typeof freshApp>>;
  const owner = web('10.21.0.1');
  const other = web('10.21.0.2');
  let ownerId = 0;

  beforeAll(async () => {
    const cast = await castApp(backend, { seed: true }, [owner, 'tokens@example.com'], [other, 'other-tokens@example.com']);
    [app, ownerId] = [cast.app, cast.ids[0]];
  });
  afterAll(async () => app?.dispose());

  const create = (who: Browser, body: unknown) => who.api(tokenRoutes.createAccessToken, { body: body as never });

  it('shows a new token once, lists it without the token or its hash, and keeps both out of the log', async () => {
    const before = await app.store.count();
    const made = await create(owner, { name: 'Claude Desktop', scope: 'read-write', expiresInDays: 90 });
    expect(made.status).toBe(201);
    expect(made.headers.get('cache-control')).toBe('no-store');
    const { token, ...view } = made.body;
    expect(token).toMatch(/^pat_[A-Za-z0-9_-]{43}$/);
    expect(view).toMatchObject({ name: 'Claude Desktop', scope: 'read-write', lastUsedAt: null });
    expect(new Date(view.expiresAt).getTime() - new Date(view.createdAt).getTime()).toBe(90 * DAY_MS);
    expect(await app.store.count()).toBe(before + 1);

    const listed = await owner.api(tokenRoutes.accessTokens);
    expect(listed.body).toEqual([view]);
    expect((await other.api(tokenRoutes.accessTokens)).body).toEqual([]);
    const log = JSON.stringify(await app.db.query(`select data from events where type like 'AccessToken%'`));
    // The name its owner typed is sealed with their key (events/personal.ts), so deleting the account forgets it.
    expect(log).toContain('sealed:v1:');
    expect(log).not.toContain('Claude Desktop');
    expect(log).not.toContain(token);
    expect(log).not.toContain(hashBearer(token));
  });

  it('refuses bad input with 400 and appends nothing', async () => {
    const before = await app.store.count();
    for (const body of [
      { name: '', scope: 'read', expiresInDays: 30 },
      { name: 'x'.repeat(61), scope: 'read', expiresInDays: 30 },
      { name: 'Cursor', scope: 'admin', expiresInDays: 30 },
      { name: 'Cursor', scope: 'read', expiresInDays: 31 },
      { name: 'Cursor', scope: 'read' },
    ]) {
      const r = await create(owner, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.issues?.length, JSON.stringify(body)).toBeGreaterThan(0);
    }
    expect((await create(owner, { name: '', scope: 'read', expiresInDays: 30 })).body.issues[0]).toMatchObject({
      path: ['name'],
      message: TOKEN_MESSAGES.name,
    });
    expect(await app.store.count()).toBe(before);
  });

  it("acts for its user on the API in the extension's scope; a read token only reads; never on the web-session routes", async () => {
    const rw = (await create(owner, { name: 'Script', scope: 'read-write', expiresInDays: 30 })).body.token as string;
    const ro = (await create(owner, { name: 'Reader', scope: 'read', expiresInDays: 30 })).body.token as string;
    expect((await bearer(rw).api(accountRoutes.me)).body.user).toMatchObject({ email: 'tokens@example.com', isAdmin: false });
    expect((await bearer(ro).api(engagementRoutes.myBookmarks)).status).toBe(200);
    const saved = await bearer(rw).api(promptRoutes.submit, { body: { ...newPrompt, visibility: 'private' } });
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({ status: 'private', authorName: 'tokens' });

    const before = await app.store.count();
    const readOnly = await bearer(ro).api(promptRoutes.submit, { body: newPrompt });
    expect(readOnly).toMatchObject({ status: 403, body: { error: TOKEN_MESSAGES.readOnly } });
    // Out of scope whatever the token: collections, token management, admin.
    expect((await bearer(rw).api(collectionRoutes.createCollection, { body: { name: 'Nope nope', isPublic: false } })).status).toBe(403);
    expect((await bearer(rw).api(tokenRoutes.createAccessToken, { body: { name: 'Another', scope: 'read', expiresInDays: 30 } })).status).toBe(403);
    expect((await bearer(rw).api(tokenRoutes.accessTokens)).status).toBe(403);
    expect(await app.store.count()).toBe(before);
    // An unknown token is nobody.
    expect((await bearer('pat_not-a-token').api(accountRoutes.me)).body).toEqual({ user: null });
    expect((await bearer('pat_not-a-token').api(engagementRoutes.myBookmarks)).status).toBe(401);
  });

  it('revokes at once; someone else revoking is told it does not exist', async () => {
    const made = (await create(owner, { name: 'Old laptop', scope: 'read', expiresInDays: 30 })).body;
    expect((await bearer(made.token).api(engagementRoutes.myBookmarks)).status).toBe(200);
    const before = await app.store.count();
    expect((await other.api(tokenRoutes.revokeAccessToken, { params: { id: made.id } })).status).toBe(404);
    expect(await app.store.count()).toBe(before);
    expect((await owner.api(tokenRoutes.revokeAccessToken, { params: { id: made.id } })).status).toBe(204);
    expect((await owner.api(tokenRoutes.revokeAccessToken, { params: { id: made.id } })).status).toBe(204);
    expect(await app.store.count()).toBe(before + 1);
    expect((await bearer(made.token).api(engagementRoutes.myBookmarks)).status).toBe(401);
    expect((await owner.api(tokenRoutes.accessTokens)).body.map((t: { id: number }) => t.id)).not.toContain(made.id);
    // The revoked token's row is gone with its revocation; the log keeps who revoked it.
    expect(await app.db.query('select token_id from access_tokens where token_id = $1', [made.id])).toEqual([]);
    const log = await app.db.query<{ data: { tokenId: number; by: string } }>(`select data from events where type = 'AccessTokenRevoked'`);
    expect(log.filter((e) => e.data.tokenId === made.id).map((e) => e.data.by)).toEqual(['user']);
  });

  it('stops working when it expires (clock injected) and when the password is reset', async () => {
    const made = (await create(owner, { name: 'Month', scope: 'read', expiresInDays: 30 })).body;
    const at = (days: number) => new Date(new Date(made.createdAt).getTime() + days * DAY_MS);
    expect(await findAccessToken(app.db, made.token, at(29))).toMatchObject({ tokenId: made.id, userId: ownerId, scope: 'read' });
    expect(await findAccessToken(app.db, made.token, at(30))).toBeNull();
    expect((await listAccessTokens(app.db, ownerId, at(31))).map((t) => t.id)).not.toContain(made.id);

    const working = (await listAccessTokens(app.db, ownerId)).length;
    expect(working).toBeGreaterThan(0);
    const resetter = web('10.21.0.3');
    expect((await resetter.api(accountRoutes.forgotPassword, { body: { email: 'tokens@example.com' } })).status).toBe(200);
    const link = new URL(lastMail(app.config.dataDir, 'tokens@example.com')!.link!).searchParams.get('token')!;
    expect(
      (await resetter.api(accountRoutes.setPassword, { body: { email: 'tokens@example.com', token: link, password: 'a brand new password' } })).status,
    ).toBe(200);
    expect((await bearer(made.token).api(engagementRoutes.myBookmarks)).status).toBe(401);
    expect(await listAccessTokens(app.db, ownerId)).toEqual([]);
    const revoked = await app.db.query<{ data: { by: string; userId: number } }>(`select data from events where type = 'AccessTokenRevoked'`);
    expect(revoked.filter((r) => r.data.userId === ownerId && r.data.by === 'password')).toHaveLength(working);
  });

  it('limits creating and revoking tokens per account (429 with Retry-After), appending nothing past the limit', async () => {
    const user = web('10.21.0.5');
    await signUpAs(app, user, 'churn-tokens@example.com');
    const limit = app.config.rateLimits.perAccount.token;
    let made = { id: 0 };
    for (let i = 0; i < limit; i++) {
      const answer =
        i % 2 === 0
          ? await create(user, { name: `Churn ${i}`, scope: 'read', expiresInDays: 30 })
          : await user.api(tokenRoutes.revokeAccessToken, { params: { id: made.id } });
      expect(answer.status).toBe(i % 2 === 0 ? 201 : 204);
      if (i % 2 === 0) made = answer.body;
    }
    const before = await app.store.count();
    for (const refused of [
      await create(user, { name: 'One more', scope: 'read', expiresInDays: 30 }),
      await user.api(tokenRoutes.revokeAccessToken, { params: { id: made.id } }),
    ]) {
      expect(refused.status).toBe(429);
      expect(refused.body.error).toBe(TOKEN_MESSAGES.tooFast);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(await app.store.count()).toBe(before);
    // Another account is not held back by this one.
    expect((await create(other, { name: 'Still fine', scope: 'read', expiresInDays: 30 })).status).toBe(201);
  });

  it(`keeps at most ${MAX_TOKENS_PER_USER} working tokens per user (409), counted in the write's transaction`, async () => {
    const user = web('10.21.0.4');
    await signUpAs(app, user, 'many-tokens@example.com');
    const made = await Promise.all(
      Array.from({ length: MAX_TOKENS_PER_USER + 2 }, (_, i) => create(user, { name: `T${i}`, scope: 'read', expiresInDays: 30 })),
    );
    expect(made.filter((r) => r.status === 201)).toHaveLength(MAX_TOKENS_PER_USER);
    expect(made.filter((r) => r.status === 409).map((r) => r.body.error)).toEqual([TOKEN_MESSAGES.tooMany, TOKEN_MESSAGES.tooMany]);
  });
});
