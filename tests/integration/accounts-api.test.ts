import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/server/app';
import { backends, freshApp } from '../support/backends';
import { Browser, installApp, lastMail, mailCount } from '../support/test-app';
import { accountRoutes } from '../../modules/accounts/routes';
import type { RouteRef } from '../../events/route';
import { readConfig } from '../../src/server/config';
import { RateLimiter } from '../../src/server/rate-limit';
import { requireAdmin } from '../../src/server/guards';
import { setPassword as setPasswordCommand } from '../../modules/accounts';
import { indistinguishable, timedPairs } from '../support/timing';

/** The /api/auth/* endpoints through the real security and session middlewares, on each backend. */
describe.each(backends)('accounts API on $name', (backend) => {
  let app: App & { dispose: () => Promise<void> };
  let n = 0;
  const unique = (prefix = 'user') => `${prefix}-${++n}-${Date.now().toString(36)}@example.com`;
  const events = async () => (await app.db.query<{ n: number }>('select count(*)::int as n from events'))[0].n;

  beforeAll(async () => {
    // No response-time floor but where timing is what a test asserts ("no user enumeration"
    // turns it on): the floor would only make every other register and login wait.
    app = await freshApp(backend, { publicUrl: 'http://localhost:4321', adminEmail: 'admin@promptory.test', authMinResponseMs: 0 });
    installApp(app);
  });
  afterAll(async () => app?.dispose());

  /** Registers `email` and returns the emailed link's token. */
  async function registerAndGetToken(b: Browser, email: string, name = 'Ann Lee'): Promise<string> {
    const r = await b.api(accountRoutes.register, { body: { name, email } });
    expect(r.status).toBe(200);
    const mail = lastMail(app.config.dataDir, email.toLowerCase());
    expect(mail?.link).toBeTruthy();
    return new URL(mail!.link!).searchParams.get('token')!;
  }

  async function signedUpUser(password = 'correct horse battery') {
    const b = new Browser();
    const email = unique();
    const token = await registerAndGetToken(b, email);
    const r = await b.api(accountRoutes.setPassword, { body: { email, token, password } });
    expect(r.status).toBe(200);
    return { b, email, password };
  }

  describe('validation', () => {
    const cases: [string, RouteRef, unknown, Record<string, string>][] = [
      ['login', accountRoutes.login, { email: 'nope', password: '' }, { email: 'Please enter a valid email address', password: 'Password is required' }],
      ['login (missing fields)', accountRoutes.login, {}, { email: 'Please enter a valid email address', password: 'Password is required' }],
      [
        'register',
        accountRoutes.register,
        { name: 'A', username: 'ab', email: 'x@' },
        { name: 'Name must be at least 2 characters', username: 'Username must be at least 3 characters', email: 'Please enter a valid email' },
      ],
      ['forgot-password', accountRoutes.forgotPassword, { email: 'not-an-email' }, { email: 'Please enter a valid email address' }],
      [
        'set-password',
        accountRoutes.setPassword,
        { email: 'a@example.com', token: '', password: 'short' },
        { token: 'Token is required', password: 'Password must be at least 8 characters' },
      ],
    ];
    it.each(cases)('%s answers 400 with the spec messages and changes nothing', async (_name, route, body, expected) => {
      const before = await events();
      const r = await new Browser().send({ method: route.method, path: route.path, body });
      expect(r.status).toBe(400);
      const byField = Object.fromEntries(r.body.issues.map((i: { path: string[]; message: string }) => [i.path[0], i.message]));
      for (const [field, message] of Object.entries(expected)) expect(byField[field]).toBe(message);
      expect(Object.values(expected)).toContain(r.body.error);
      expect(await events()).toBe(before);
    });

    it('refuses malformed JSON with 400, never 500', async () => {
      for (const { path } of [accountRoutes.login, accountRoutes.register, accountRoutes.forgotPassword, accountRoutes.setPassword]) {
        const r = await new Browser().send({ path, rawBody: '{"email":' });
        expect(r.status).toBe(400);
        const r2 = await new Browser().send({ path, rawBody: '[1,2,3]' });
        expect(r2.status).toBe(400);
      }
    });

    it('a username held by an account with a password is a 409 on the username field; one held by an unfinished registration is not', async () => {
      const b = new Browser();
      const first = unique();
      expect((await b.api(accountRoutes.register, { body: { name: 'Bo Chan', username: 'bochan', email: first } })).status).toBe(200);
      // Unfinished: refusing would tell that `first` had just been registered.
      const second = unique();
      expect((await b.api(accountRoutes.register, { body: { name: 'Bo Two', username: 'BoChan', email: second } })).status).toBe(200);
      const token = new URL(lastMail(app.config.dataDir, first)!.link!).searchParams.get('token')!;
      const signedIn = await b.api(accountRoutes.setPassword, { body: { email: first, token, password: 'correct horse battery' } });
      expect(signedIn.body.user.username).toBe('bochan');
      const r = await b.api(accountRoutes.register, { body: { name: 'Bo Three', username: 'BOCHAN', email: unique() } });
      expect(r.status).toBe(409);
      expect(r.body).toMatchObject({
        code: 'accounts.usernameTaken',
        issues: [{ path: ['username'], message: 'That username is already taken', code: 'custom' }],
      });
      // The second account went without the name.
      const secondToken = new URL(lastMail(app.config.dataDir, second)!.link!).searchParams.get('token')!;
      const other = await new Browser().api(accountRoutes.setPassword, { body: { email: second, token: secondToken, password: 'correct horse battery' } });
      expect(other.body.user.username).toBeNull();
    });
  });

  describe('registration and the emailed link', () => {
    it('registers without a password, emails a link, and setting the password signs in', async () => {
      const b = new Browser();
      const email = unique();
      const r = await b.api(accountRoutes.register, { body: { name: 'Ann Lee', username: '', email: `  ${email.toUpperCase()} ` } });
      expect(r.body).toEqual({ ok: true, message: 'Please check your email to set your password.' });
      expect((await b.api(accountRoutes.me)).body).toEqual({ user: null }); // registration does not sign in
      const mail = lastMail(app.config.dataDir, email)!;
      expect(mail.link).toMatch(/^http:\/\/localhost:4321\/auth\?email=.+&token=[A-Za-z0-9_-]{43}$/);
      const token = new URL(mail.link!).searchParams.get('token')!;
      // Only the SHA-256 of the token is stored.
      const raw = await app.db.query("select 1 from events where data::text like '%' || $1 || '%'", [token]);
      expect(raw).toHaveLength(0);

      const set = await b.api(accountRoutes.setPassword, { body: { email, token, password: 'correct horse battery' } });
      expect(set.status).toBe(200);
      expect(set.body.user).toMatchObject({ email, name: 'Ann Lee', username: null, avatarUrl: null, isAdmin: false });
      expect(Object.keys(set.body.user).sort()).toEqual(['avatarUrl', 'email', 'id', 'isAdmin', 'name', 'username']);
      const [name, value, options] = b.setCookies.filter(([n]) => n === 'promptory_session').at(-1)!;
      expect(name).toBe('promptory_session');
      expect(value).toMatch(/^[a-z2-7]{40}$/);
      expect(options).toMatchObject({ httpOnly: true, sameSite: 'lax', path: '/', secure: false });
      const me = await b.api(accountRoutes.me);
      expect(me.body.user.email).toBe(email);
      // The sessions table holds only the hash.
      expect(await app.db.query('select 1 from auth_sessions where id_hash = $1', [value])).toHaveLength(0);
    });

    it('one account per email, case-insensitive; the answer is the same and the owner is told', async () => {
      const { email } = await signedUpUser();
      const before = await events();
      const mailsBefore = mailCount(app.config.dataDir, email);
      const fresh = await new Browser().api(accountRoutes.register, { body: { name: 'Someone', email: unique() } });
      const again = await new Browser().api(accountRoutes.register, { body: { name: 'Mallory', email: email.toUpperCase() } });
      expect(again.status).toBe(fresh.status);
      expect(again.body).toEqual(fresh.body);
      const [{ n: accounts }] = await app.db.query<{ n: number }>('select count(*)::int as n from account_emails where email = $1', [email]);
      expect(accounts).toBe(1);
      expect(await events()).toBe(before + 2); // only the fresh registration's two events
      expect(mailCount(app.config.dataDir, email)).toBe(mailsBefore + 1);
      expect(lastMail(app.config.dataDir, email)!.text).toContain('Someone tried to create a Promptory account');
    });

    it('concurrent registrations of one address make one account', async () => {
      const email = unique('race');
      const results = await Promise.all(
        Array.from({ length: 3 }, (_, i) => new Browser(`10.1.0.${i}`).api(accountRoutes.register, { body: { name: `Racer ${i}`, email } })),
      );
      expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
      const rows = await app.db.query('select user_id from account_emails where email = $1', [email]);
      expect(rows).toHaveLength(1);
    });

    it('a used, replaced or expired link is refused', async () => {
      const b = new Browser();
      const email = unique();
      const first = await registerAndGetToken(b, email);
      // A second registration (no password yet) sends a fresh link that replaces the first.
      const second = await registerAndGetToken(new Browser(), email);
      expect(second).not.toBe(first);
      const replaced = await b.api(accountRoutes.setPassword, { body: { email, token: first, password: 'password one' } });
      expect(replaced.status).toBe(400);
      expect(replaced.body.error).toBe('This link is invalid or has expired. Please request a new one.');
      expect((await b.api(accountRoutes.setPassword, { body: { email, token: second, password: 'password one' } })).status).toBe(200);
      const reused = await new Browser().api(accountRoutes.setPassword, { body: { email, token: second, password: 'password two' } });
      expect(reused.status).toBe(400);
      expect((await new Browser().api(accountRoutes.login, { body: { email, password: 'password one' } })).status).toBe(200);
      expect((await new Browser().api(accountRoutes.login, { body: { email, password: 'password two' } })).status).toBe(401);

      // Expired: a reset link lives 1 hour.
      await new Browser().api(accountRoutes.forgotPassword, { body: { email } });
      const token = new URL(lastMail(app.config.dataDir, email)!.link!).searchParams.get('token')!;
      const { sessions } = app;
      const later = new Date(Date.now() + 61 * 60 * 1000);
      await expect(
        setPasswordCommand(app.store, sessions, { email, token, password: 'password three' }, { actor: null, requestId: 't', at: later.toISOString() }, later),
      ).rejects.toThrow('This link is invalid or has expired');
      // ...and a wrong token for the right email, or any token for an unknown email.
      expect((await new Browser().api(accountRoutes.setPassword, { body: { email, token: 'x'.repeat(43), password: 'password four' } })).status).toBe(400);
      expect((await new Browser().api(accountRoutes.setPassword, { body: { email: unique(), token, password: 'password four' } })).status).toBe(400);
      expect((await new Browser().api(accountRoutes.setPassword, { body: { email, token, password: 'password five' } })).status).toBe(200);
    });
  });

  describe('sessions', () => {
    it('a new session on every sign-in; logout ends it on the server (a stolen cookie is useless)', async () => {
      const { b, email, password } = await signedUpUser();
      const first = b.jar.get('promptory_session')!;
      const login = await b.api(accountRoutes.login, { body: { email, password } });
      expect(login.status).toBe(200);
      expect(login.body.user.email).toBe(email);
      const second = b.jar.get('promptory_session')!;
      expect(second).not.toBe(first);
      // The browser's previous session ended with the new sign-in.
      const old = new Browser();
      old.jar.set('promptory_session', first);
      expect((await old.api(accountRoutes.me)).body.user).toBeNull();

      const thief = new Browser('203.0.113.9');
      thief.jar.set('promptory_session', second);
      expect((await thief.api(accountRoutes.me)).body.user.email).toBe(email);
      const out = await b.api(accountRoutes.logout);
      expect(out.body).toEqual({ ok: true, message: 'You have been logged out.' });
      expect(b.jar.has('promptory_session')).toBe(false);
      const after = await thief.api(accountRoutes.me);
      expect(after.body.user).toBeNull();
      expect(thief.jar.has('promptory_session')).toBe(false); // the dead cookie is cleared
    });

    it('setting a password ends every other session of the account', async () => {
      const { b, email, password } = await signedUpUser();
      const other = new Browser('10.2.0.1');
      await other.api(accountRoutes.login, { body: { email, password } });
      expect((await other.api(accountRoutes.me)).body.user).not.toBeNull();
      await new Browser().api(accountRoutes.forgotPassword, { body: { email } });
      const token = new URL(lastMail(app.config.dataDir, email)!.link!).searchParams.get('token')!;
      const reset = await b.api(accountRoutes.setPassword, { body: { email, token, password: 'a brand new password' } });
      expect(reset.status).toBe(200);
      expect((await other.api(accountRoutes.me)).body.user).toBeNull();
      expect((await b.api(accountRoutes.me)).body.user.email).toBe(email);
    });

    it('a reset email opens the reset screen, not the first-time "Set your password" one', async () => {
      const { email } = await signedUpUser();
      await new Browser().api(accountRoutes.forgotPassword, { body: { email } });
      const mail = lastMail(app.config.dataDir, email)!;
      expect(mail.link).toMatch(/^http:\/\/localhost:4321\/auth\/reset-password\?email=.+&token=[A-Za-z0-9_-]{43}$/);
      expect(mail.text).toContain('Reset your password');
    });

    it('records sign-ins (lastLoginAt in the read model)', async () => {
      const { email, password } = await signedUpUser();
      const b = new Browser();
      const r = await b.api(accountRoutes.login, { body: { email, password } });
      const [row] = await app.db.query<{ last_login_at: Date | null }>('select last_login_at from users where id = $1', [r.body.user.id]);
      expect(row.last_login_at).not.toBeNull();
    });

    it('wrong password and unknown email answer the same 401', async () => {
      const { email } = await signedUpUser();
      const wrong = await new Browser().api(accountRoutes.login, { body: { email, password: 'not the password' } });
      const unknown = await new Browser().api(accountRoutes.login, { body: { email: unique(), password: 'not the password' } });
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      expect(wrong.body).toMatchObject({ error: 'Invalid email or password', code: 'accounts.invalidCredentials' });
      expect(unknown.body).toEqual(wrong.body);
    });
  });

  describe('no user enumeration', () => {
    // Limits off: these tests are about answers and timing, and send many requests per address.
    const lax = () => {
      const limits = readConfig({}).rateLimits;
      for (const scope of [limits.perIp, limits.perAccount]) for (const k of Object.keys(scope) as (keyof typeof scope)[]) scope[k] = 10_000;
      return limits;
    };
    beforeAll(() => {
      app.limiter = new RateLimiter(app.db, lax());
      app.config.authMinResponseMs = readConfig({}).authMinResponseMs;
    });
    afterAll(() => {
      app.limiter = new RateLimiter(app.db, app.config.rateLimits);
      app.config.authMinResponseMs = 0;
    });

    it('forgot-password answers identically, in indistinguishable time, for known and unknown emails', async () => {
      const { email } = await signedUpUser();
      const bodies = new Set<string>();
      const ask = (address: () => string) => async () => {
        const r = await new Browser().api(accountRoutes.forgotPassword, { body: { email: address() } });
        bodies.add(`${r.status} ${JSON.stringify(r.body)}`);
      };
      const timing = await timedPairs(
        ask(() => email),
        ask(() => unique()),
      );
      expect([...bodies]).toEqual([
        `200 ${JSON.stringify({ ok: true, message: 'If your email is registered, you will receive instructions to reset your password.' })}`,
      ]);
      expect(indistinguishable(timing), JSON.stringify(timing)).toBe(true);
    });

    it('register answers identically, in indistinguishable time, for new and existing emails', async () => {
      const { email } = await signedUpUser();
      const bodies = new Set<string>();
      const register = (address: () => string) => async () => {
        const r = await new Browser().api(accountRoutes.register, { body: { name: 'X Y', email: address() } });
        bodies.add(`${r.status} ${JSON.stringify(r.body)}`);
      };
      const timing = await timedPairs(
        register(() => email),
        register(() => unique()),
      );
      expect(bodies.size).toBe(1);
      expect(indistinguishable(timing), JSON.stringify(timing)).toBe(true);
    });

    it('register with a username answers the same, twice, for a new and a registered email', async () => {
      const { email: registered } = await signedUpUser();
      for (const email of [registered, unique('fresh')]) {
        const username = `name${++n}x${Date.now().toString(36)}`;
        const answers = [];
        for (let i = 0; i < 2; i++) answers.push((await new Browser().api(accountRoutes.register, { body: { name: 'Sam Poon', username, email } })).status);
        // A third party asking for the same username learns nothing either.
        answers.push((await new Browser().api(accountRoutes.register, { body: { name: 'Other One', username, email: unique('third') } })).status);
        expect(answers, email === registered ? 'registered email' : 'new email').toEqual([200, 200, 200]);
      }
    });

    it('login takes indistinguishable time for a known email with a wrong password and an unknown email', async () => {
      const { email } = await signedUpUser();
      const timing = await timedPairs(
        () => new Browser().api(accountRoutes.login, { body: { email, password: 'wrong password' } }),
        () => new Browser().api(accountRoutes.login, { body: { email: unique(), password: 'wrong password' } }),
      );
      expect(indistinguishable(timing), JSON.stringify(timing)).toBe(true);
    });
  });

  describe('rate limits', () => {
    afterEach(() => {
      app.limiter = new RateLimiter(app.db, app.config.rateLimits);
    });

    it('trip with 429 and a clear message, per client and per IP, and recover after the window', async () => {
      let now = Date.now();
      const limits = { ...readConfig({}).rateLimits, windowMs: 60_000 };
      limits.perAccount = { ...limits.perAccount, login: 3, forgot: 2 };
      limits.perIp = { ...limits.perIp, register: 4 };
      app.limiter = new RateLimiter(app.db, limits, () => new Date(now));
      await app.db.query('delete from rate_limits');
      const { email, password } = await signedUpUser();
      const attacker = new Browser('10.9.0.1');
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await attacker.api(accountRoutes.login, { body: { email, password: 'wrong password' } })).status);
      expect(statuses).toEqual([401, 401, 401, 429]);
      const blocked = await attacker.api(accountRoutes.login, { body: { email, password } });
      expect(blocked.status).toBe(429);
      expect(blocked.body.error).toBe('Too many attempts. Please wait a few minutes and try again.');
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);

      const forgot: number[] = [];
      for (let i = 0; i < 3; i++) forgot.push((await new Browser(`10.9.2.${i}`).api(accountRoutes.forgotPassword, { body: { email } })).status);
      expect(forgot).toEqual([200, 200, 429]);

      const ip = new Browser('10.9.3.1');
      const reg: number[] = [];
      for (let i = 0; i < 5; i++) reg.push((await ip.api(accountRoutes.register, { body: { name: 'Spam Bot', email: unique('spam') } })).status);
      expect(reg).toEqual([200, 200, 200, 200, 429]);

      now += 61_000; // the window passes
      expect((await attacker.api(accountRoutes.login, { body: { email, password } })).status).toBe(200);
      expect((await new Browser('10.9.2.9').api(accountRoutes.forgotPassword, { body: { email } })).status).toBe(200);
      expect((await ip.api(accountRoutes.register, { body: { name: 'Spam Bot', email: unique('spam') } })).status).toBe(200);
    });

    it('wrong passwords lock the source, not the account: the owner still signs in from elsewhere', async () => {
      const limits = { ...readConfig({}).rateLimits, slowDownMs: 1 };
      limits.perAccount = { ...limits.perAccount, login: 5 };
      app.limiter = new RateLimiter(app.db, limits);
      const { email, password } = await signedUpUser();
      const attacker = new Browser('10.11.0.1');
      for (let i = 0; i < 6; i++) await attacker.api(accountRoutes.login, { body: { email, password: `guess ${i}` } });
      expect((await attacker.api(accountRoutes.login, { body: { email, password } })).status).toBe(429);
      expect((await new Browser('10.11.0.2').api(accountRoutes.login, { body: { email, password } })).status).toBe(200);
    });

    it('past the per-account limit from many sources, attempts are slowed down, and a success takes its count back', async () => {
      const limiter = new RateLimiter(app.db, { ...readConfig({ RATE_LIMIT_LOGIN_PER_ACCOUNT: '2' }).rateLimits, slowDownMs: 1500 });
      const account = unique('soft');
      const from = (ip: string) => limiter.attempt('login', { ip, account });
      expect(await from('10.12.0.1')).toEqual({ slowDownMs: 0 });
      expect(await from('10.12.0.2')).toEqual({ slowDownMs: 0 });
      expect(await from('10.12.0.3')).toEqual({ slowDownMs: 1500 });
      await limiter.succeeded('login', { ip: '10.12.0.3', account });
      expect(await from('10.12.0.4')).toEqual({ slowDownMs: 1500 });
      await limiter.succeeded('login', { ip: '10.12.0.4', account });
      await limiter.succeeded('login', { ip: '10.12.0.2', account });
      expect(await from('10.12.0.5')).toEqual({ slowDownMs: 0 });
    });

    it('concurrent wrong passwords cannot slip past the limit (counted before checking)', async () => {
      app.limiter = new RateLimiter(app.db, { ...readConfig({}).rateLimits, slowDownMs: 1 });
      const { email } = await signedUpUser();
      const one = new Browser('10.13.0.1');
      const statuses = await Promise.all(
        Array.from({ length: 40 }, (_, i) => one.api(accountRoutes.login, { body: { email, password: `wrong ${i}` } }).then((r) => r.status)),
      );
      expect(statuses.filter((s) => s === 401)).toHaveLength(5);
      expect(statuses.filter((s) => s === 429)).toHaveLength(35);
      // Per IP: many accounts from one address.
      app.limiter = new RateLimiter(app.db, { ...readConfig({ RATE_LIMIT_LOGIN_PER_IP: '8' }).rateLimits, slowDownMs: 1 });
      const ip = new Browser('10.13.0.2');
      const spread = await Promise.all(
        Array.from({ length: 20 }, (_, i) => ip.api(accountRoutes.login, { body: { email: unique(`spread${i}`), password: 'wrong' } }).then((r) => r.status)),
      );
      expect(spread.filter((s) => s === 401)).toHaveLength(8);
    });

    it('set-password failures are limited per client and account', async () => {
      app.limiter = new RateLimiter(app.db, readConfig({ RATE_LIMIT_SET_PASSWORD_PER_ACCOUNT: '2' }).rateLimits);
      const email = unique();
      const token = await registerAndGetToken(new Browser(), email);
      const guesser = new Browser('10.10.0.1');
      const bad = [];
      for (let i = 0; i < 3; i++)
        bad.push((await guesser.api(accountRoutes.setPassword, { body: { email, token: `bad${i}`, password: 'whatever123' } })).status);
      expect(bad).toEqual([400, 400, 429]);
      expect((await guesser.api(accountRoutes.setPassword, { body: { email, token, password: 'whatever123' } })).status).toBe(429);
      expect((await new Browser('10.10.0.2').api(accountRoutes.setPassword, { body: { email, token, password: 'whatever123' } })).status).toBe(200);
    });
  });

  describe('cross-origin and headers', () => {
    it('refuses a cross-origin POST with 403 JSON before it does anything', async () => {
      const before = await events();
      for (const headers of [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }, { origin: 'null' }] as Record<string, string>[]) {
        const r = await new Browser().with(headers).api(accountRoutes.register, { body: { name: 'Eve Evil', email: unique() } });
        expect(r.status).toBe(403);
        expect(r.body).toMatchObject({ error: 'Cross-origin requests are not allowed.', code: 'accounts.crossOrigin' });
      }
      const same = await new Browser().with({ origin: 'http://localhost:4321', 'sec-fetch-site': 'same-origin' }).api(accountRoutes.logout);
      expect(same.status).toBe(200);
      expect(await events()).toBe(before);
    });

    it('puts security headers on every answer', async () => {
      const r = await new Browser().api(accountRoutes.me);
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
      expect(r.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(r.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(r.headers.get('x-frame-options')).toBe('DENY');
    });
  });

  describe('admin identity', () => {
    it('the ADMIN_EMAIL account exists from the first start, with a set-password link', async () => {
      const mail = lastMail(app.config.dataDir, 'admin@promptory.test');
      expect(mail?.link).toContain('email=admin%40promptory.test');
      const token = new URL(mail!.link!).searchParams.get('token')!;
      const b = new Browser();
      const r = await b.api(accountRoutes.setPassword, { body: { email: 'admin@promptory.test', token, password: 'admin password 1' } });
      expect(r.status).toBe(200);
      expect(r.body.user.isAdmin).toBe(true);
    });

    it('the guard refuses a visitor (401) and a normal user (403) and lets the admin through', async () => {
      const locals = (user: unknown) => ({ locals: { user } }) as never;
      expect(() => requireAdmin(locals(null))).toThrowError(expect.objectContaining({ kind: 'unauthenticated' }));
      const { b } = await signedUpUser();
      const me = (await b.api(accountRoutes.me)).body.user;
      expect(me.isAdmin).toBe(false);
      expect(() => requireAdmin(locals(me))).toThrowError(expect.objectContaining({ kind: 'forbidden', message: "You don't have admin permissions." }));
      expect(requireAdmin(locals({ ...me, isAdmin: true })).id).toBe(me.id);
    });
  });
});
