import enAuth from '../../src/i18n/locales/en/auth.json';
import { describe, expect, it } from 'vitest';
import { resolve } from 'node:path';
import type { NewEvent } from '../../events';
import { accountDecider, linkIsValid, LINK_LIFETIME_MS, type AccountCommand } from '../../modules/accounts/domain/account';
import { hashToken, generateToken } from '../../modules/accounts/tokens';
import { ACCOUNT_REFUSALS, loginRequest, registerRequest, setPasswordForm, setPasswordRequest, AUTH_MESSAGES } from '../../modules/accounts/contracts';
import { isSameOriginRequest, isServedHost, mergeCsp, UNTRUSTED_PROXY_WARNING, warnIfUntrustedProxy } from '../../src/server/middleware/security';
import { readConfig } from '../../src/server/config';
import { EXTENSION_ORIGIN } from '../../modules/devices/contracts';
import { given } from '../support/given';

const now = new Date('2026-01-01T00:00:00Z');
const at = (ms: number) => new Date(now.getTime() + ms);
const later = (ms: number) => at(ms).toISOString();

type Register = Extract<AccountCommand, { kind: 'register' }>;
const register = (token: string, fields: Partial<Register> = {}): Register => ({
  kind: 'register',
  userId: 1,
  email: 'a@b.co',
  name: 'Ann',
  username: null,
  reserved: false,
  usernameTaken: false,
  tokenHash: hashToken(token),
  now,
  ...fields,
});
const setPassword = (token: string, when = now, username: string | null = null): AccountCommand => ({
  kind: 'set-password',
  tokenHash: hashToken(token),
  now: when,
  username,
});
const issueLink = (token: string): AccountCommand => ({ kind: 'issue-link', tokenHash: hashToken(token), now });

const link = (token: string, purpose: 'register' | 'reset', requester?: { name: string; username: string | null }): NewEvent => ({
  type: 'PasswordLinkIssued',
  data: { userId: 1, tokenHash: hashToken(token), purpose, expiresAt: later(LINK_LIFETIME_MS[purpose]), ...requester },
});
const first = generateToken();
const registered: NewEvent[] = [
  { type: 'UserRegistered', data: { userId: 1, email: 'a@b.co', name: 'Ann', username: null } },
  link(first, 'register', { name: 'Ann', username: null }),
];
const passwordSet: NewEvent = { type: 'PasswordSet', data: { userId: 1 } };
const deleted: NewEvent = { type: 'AccountDeleted', data: { userId: 1 } };

describe('account decisions', () => {
  it('given nothing, when an email registers, then the account and a 24-hour link (no password, nothing secret)', () => {
    given(accountDecider)
      .when(register(first))
      .then(...registered);
    given(accountDecider)
      .when(register(first, { username: 'ann', reserved: true }))
      .then(
        { type: 'UserRegistered', data: { userId: 1, email: 'a@b.co', name: 'Ann', username: 'ann' } },
        link(first, 'register', { name: 'Ann', username: 'ann' }),
      );
    // Asked for but held by an unfinished registration: the account goes without it.
    given(accountDecider)
      .when(register(first, { username: 'ann', reserved: false }))
      .then(...registered);
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits
    const state = given(accountDecider, ...registered).state;
    expect(state.hasPassword).toBe(false);
    expect(Date.parse(state.link!.expiresAt) - now.getTime()).toBe(LINK_LIFETIME_MS.register);
  });

  it('given any account or none, when the username asked for is held by a finished registration, then it is refused', () => {
    for (const past of [[], registered, [...registered, passwordSet]]) {
      given(accountDecider, ...past)
        .when(register(first, { username: 'taken', usernameTaken: true }))
        .thenRefuses(ACCOUNT_REFUSALS.usernameTaken);
    }
  });

  it("given an unfinished registration, when the email registers again, then a fresh link carrying the new request's name", () => {
    const fresh = generateToken();
    given(accountDecider, ...registered)
      .when(register(fresh, { name: 'Ann Owner', username: 'annowner' }))
      .then(link(fresh, 'register', { name: 'Ann Owner', username: 'annowner' }));
  });

  it('given a finished registration, when the email registers again, then nothing changes (its owner is told)', () => {
    given(accountDecider, ...registered, passwordSet)
      .when(register(generateToken(), { name: 'Mallory' }))
      .then();
  });

  it('given a link, when the password is set with it, then it is set once, and not with a wrong or expired link', () => {
    given(accountDecider, ...registered)
      .when(setPassword('wrong'))
      .thenRefuses(ACCOUNT_REFUSALS.invalidLink);
    given(accountDecider, ...registered)
      .when(setPassword(first, at(LINK_LIFETIME_MS.register)))
      .thenRefuses(ACCOUNT_REFUSALS.invalidLink);
    // The event records that a password was set, never the credential.
    given(accountDecider, ...registered)
      .when(setPassword(first, at(LINK_LIFETIME_MS.register - 1)))
      .then(passwordSet);
    const after = given(accountDecider, ...registered, passwordSet);
    expect(after.state.hasPassword).toBe(true);
    after.when(setPassword(first)).thenRefuses(ACCOUNT_REFUSALS.invalidLink);
  });

  it("given a second registration's link, when the password is set with it, then its requester's name applies, not the first's", () => {
    const fresh = generateToken();
    const relinked = link(fresh, 'register', { name: 'Ann Owner', username: 'annowner' });
    given(accountDecider, ...registered, relinked)
      .when(setPassword(fresh, now, 'annowner'))
      .then({ type: 'UserRenamed', data: { userId: 1, name: 'Ann Owner', username: 'annowner' } }, passwordSet);
    // The username another account took meanwhile is not the account's (null), the name still is.
    given(accountDecider, ...registered, relinked)
      .when(setPassword(fresh, now, null))
      .then({ type: 'UserRenamed', data: { userId: 1, name: 'Ann Owner', username: null } }, passwordSet);
    // The newer link replaced the first one, whose own link would have changed nothing.
    given(accountDecider, ...registered, relinked)
      .when(setPassword(first))
      .thenRefuses(ACCOUNT_REFUSALS.invalidLink);
    given(accountDecider, ...registered)
      .when(setPassword(first))
      .then(passwordSet);
  });

  it('given an account, when a link is asked for, then a 1-hour reset link with a password, a registration link without; nothing for no account', () => {
    const fresh = generateToken();
    given(accountDecider, ...registered, passwordSet)
      .when(issueLink(fresh))
      .then(link(fresh, 'reset'));
    given(accountDecider, ...registered)
      .when(issueLink(fresh))
      .then(link(fresh, 'register', { name: 'Ann', username: null }));
    given(accountDecider).when(issueLink(fresh)).then();
    const reset = given(accountDecider, ...registered, passwordSet, link(fresh, 'reset')).state;
    expect(linkIsValid(reset, hashToken(first), now)).toBe(false);
    expect(linkIsValid(reset, hashToken(fresh), at(LINK_LIFETIME_MS.reset - 1))).toBe(true);
    expect(linkIsValid(reset, hashToken(fresh), at(LINK_LIFETIME_MS.reset))).toBe(false);
  });

  it('given an account with a password, when the right password signs in, then signed in; anything else is one refusal', () => {
    const signIn = (passwordMatches: boolean): AccountCommand => ({ kind: 'sign-in', passwordMatches });
    given(accountDecider, ...registered, passwordSet)
      .when(signIn(true))
      .then({ type: 'UserSignedIn', data: { userId: 1 } });
    given(accountDecider, ...registered, passwordSet)
      .when(signIn(false))
      .thenRefuses(ACCOUNT_REFUSALS.invalidCredentials);
    given(accountDecider, ...registered)
      .when(signIn(true))
      .thenRefuses(ACCOUNT_REFUSALS.invalidCredentials);
    given(accountDecider).when(signIn(true)).thenRefuses(ACCOUNT_REFUSALS.invalidCredentials);
    given(accountDecider, ...registered, passwordSet, deleted)
      .when(signIn(true))
      .thenRefuses(ACCOUNT_REFUSALS.invalidCredentials);
  });

  it('given an account, when it is deleted with its password, then it is gone: no sign-in, no link, no second deletion', () => {
    const remove = (passwordMatches: boolean): AccountCommand => ({ kind: 'delete', passwordMatches });
    given(accountDecider, ...registered, passwordSet)
      .when(remove(false))
      .thenRefuses(ACCOUNT_REFUSALS.wrongPassword);
    given(accountDecider, ...registered, passwordSet)
      .when(remove(true))
      .then(deleted);
    const gone = given(accountDecider, ...registered, passwordSet, deleted);
    gone.when(remove(true)).thenRefuses(ACCOUNT_REFUSALS.notFound);
    gone.when(issueLink(generateToken())).then();
    gone.when(setPassword(first)).thenRefuses(ACCOUNT_REFUSALS.invalidLink);
    expect(gone.state).toMatchObject({ exists: false, email: '', name: '' });
  });
});

describe('auth contracts (their English messages)', () => {
  const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    Object.fromEntries([...(r.error?.issues ?? [])].reverse().map((i) => [String(i.path[0]), i.message]));

  it('login', () => {
    expect(messages(loginRequest.safeParse({ email: 'x', password: '' }))).toEqual({
      email: 'Please enter a valid email address',
      password: 'Password is required',
    });
  });
  it('register', () => {
    expect(messages(registerRequest.safeParse({ name: 'A', username: 'ab', email: 'x' }))).toEqual({
      name: 'Name must be at least 2 characters',
      username: 'Username must be at least 3 characters',
      email: 'Please enter a valid email',
    });
    expect(registerRequest.parse({ name: ' Ann ', username: '', email: ' Ann@Example.COM ' })).toEqual({ name: 'Ann', email: 'ann@example.com' });
  });
  it('register: a name is one line, whatever control characters it was sent with', () => {
    const name = (raw: string) => registerRequest.parse({ name: raw, email: 'a@b.co' }).name;
    expect(name('Ann\r\nBcc: victim@example.com')).toBe('Ann Bcc: victim@example.com');
    expect(name('Ann\u2028Lee\t\u202eevil')).toBe('Ann Lee evil');
    expect(name('陳大文')).toBe('陳大文');
    expect(messages(registerRequest.safeParse({ name: '\n\u0007\n', email: 'a@b.co' }))).toEqual({ name: 'Name must be at least 2 characters' });
  });
  it('set password', () => {
    expect(messages(setPasswordForm.safeParse({ password: '12345678', confirmPassword: '12345679' }))).toEqual({ confirmPassword: "Passwords don't match" });
    expect(messages(setPasswordForm.safeParse({ password: '1234', confirmPassword: '' }))).toMatchObject({
      password: 'Password must be at least 8 characters',
      confirmPassword: 'Please confirm your password',
    });
    expect(messages(setPasswordRequest.safeParse({ email: 'a@b.co', token: '', password: '12345678' }))).toEqual({ token: 'Token is required' });
  });
  it('every message has a translation key', () => {
    for (const key of Object.keys(AUTH_MESSAGES)) expect(typeof (enAuth.messages as Record<string, unknown>)[key], key).toBe('string');
  });
});

describe('security helpers', () => {
  const req = (headers: Record<string, string>) => new Request('http://localhost:4321/api/auth/login', { method: 'POST', headers });
  const site = readConfig({ PUBLIC_URL: 'https://promptory.example' });
  it('same-origin checks compare with PUBLIC_URL, not the request', () => {
    const own = (headers: Record<string, string>) => isSameOriginRequest(req(headers), site);
    expect(own({ origin: 'https://promptory.example' })).toBe(true);
    // The request URL (built from the client's Host) is http://localhost:4321: not our origin.
    expect(own({ origin: 'http://localhost:4321' })).toBe(false);
    expect(own({ origin: 'https://evil.example' })).toBe(false);
    expect(own({ 'sec-fetch-site': 'cross-site' })).toBe(false);
    expect(own({ 'sec-fetch-site': 'same-site' })).toBe(false);
    expect(own({ 'sec-fetch-site': 'same-origin' })).toBe(true);
    expect(own({})).toBe(true); // not a browser
  });
  it('ALLOWED_ORIGINS: an extension origin is compared as written, and "null" never passes', () => {
    const config = readConfig({
      PUBLIC_URL: 'https://promptory.example',
      ALLOWED_ORIGINS: 'chrome-extension://abcdefghijklmnop/, https://Partner.example:443, null',
    });
    // The product's own extension (id fixed by its manifest key) is always first.
    expect(config.allowedOrigins).toEqual([EXTENSION_ORIGIN, 'chrome-extension://abcdefghijklmnop', 'https://partner.example']);
    const allowed = (origin: string) => isSameOriginRequest(req({ origin }), config);
    expect(allowed('chrome-extension://abcdefghijklmnop')).toBe(true);
    expect(allowed('null')).toBe(false);
    expect(allowed('chrome-extension://otherextension')).toBe(false);
    expect(allowed('https://partner.example')).toBe(true);
  });
  it('without PUBLIC_URL, writes from every loopback origin we serve pass; with it, only PUBLIC_URL and ALLOWED_ORIGINS', () => {
    const local = readConfig({ PORT: '4000' });
    const from = (config: typeof local, origin: string) => isSameOriginRequest(req({ origin }), config);
    for (const origin of ['http://localhost:4000', 'http://127.0.0.1:4000', 'http://[::1]:4000']) expect(from(local, origin), origin).toBe(true);
    expect(from(local, 'http://127.0.0.1:4001')).toBe(false);
    expect(from(local, 'https://127.0.0.1:4000')).toBe(false);
    expect(from(local, 'http://evil.example')).toBe(false);
    const deployed = readConfig({ PORT: '4000', PUBLIC_URL: 'https://promptory.example', ALLOWED_ORIGINS: 'https://partner.example' });
    expect(from(deployed, 'https://promptory.example')).toBe(true);
    expect(from(deployed, 'https://partner.example')).toBe(true);
    for (const origin of ['http://localhost:4000', 'http://127.0.0.1:4000', 'http://[::1]:4000']) expect(from(deployed, origin), origin).toBe(false);
  });
  it('warns once when requests carry X-Forwarded-For and TRUST_PROXY=0', () => {
    const lines: string[] = [];
    const forwarded = () => new Request('http://localhost:4321/', { headers: { 'x-forwarded-for': '203.0.113.7' } });
    const untrusted = readConfig({});
    warnIfUntrustedProxy(new Request('http://localhost:4321/'), untrusted, (l) => lines.push(l));
    expect(lines).toEqual([]);
    warnIfUntrustedProxy(forwarded(), untrusted, (l) => lines.push(l));
    warnIfUntrustedProxy(forwarded(), untrusted, (l) => lines.push(l));
    expect(lines).toEqual([UNTRUSTED_PROXY_WARNING]);
    warnIfUntrustedProxy(forwarded(), readConfig({ TRUST_PROXY: '1' }), (l) => lines.push(l));
    expect(lines).toHaveLength(1);
  });
  it('serves only the hosts of PUBLIC_URL and ALLOWED_HOSTS (loopback when PUBLIC_URL is unset)', () => {
    expect(isServedHost('promptory.example', site)).toBe(true);
    expect(isServedHost('evil.example', site)).toBe(false);
    expect(isServedHost('localhost:4321', site)).toBe(false);
    const local = readConfig({ PORT: '4000', ALLOWED_HOSTS: 'web-1.internal:4000' });
    expect(['localhost:4000', '127.0.0.1:4000', '[::1]:4000', 'web-1.internal:4000'].every((h) => isServedHost(h, local))).toBe(true);
    expect(isServedHost('localhost:4001', local)).toBe(false);
  });
  it('adds our directives to Astro’s policy without touching script-src', () => {
    const merged = mergeCsp("script-src 'self' 'sha256-abc'; style-src 'self';");
    expect(merged).toContain("script-src 'self' 'sha256-abc'");
    expect(merged).toContain("frame-ancestors 'none'");
    expect(merged).not.toContain('unsafe-inline');
    expect(mergeCsp(null)).toContain("frame-ancestors 'none'");
  });
  it('rate limits come from the environment', () => {
    const limits = readConfig({ RATE_LIMIT_WINDOW_SECONDS: '2', RATE_LIMIT_LOGIN_PER_ACCOUNT: '3', RATE_LIMIT_REGISTER_PER_IP: 'x' }).rateLimits;
    expect(limits.windowMs).toBe(2000);
    expect(limits.perAccount.login).toBe(3);
    expect(limits.perIp.register).toBe(100);
  });
  it('the other settings come from the environment too, with the README defaults', () => {
    expect(readConfig({})).toMatchObject({
      mailFrom: 'Promptory <no-reply@promptory.local>',
      pageCache: true,
      authMinResponseMs: 250,
      trustProxy: 0,
      extensionDir: resolve('extension/dist/unpacked'),
    });
    const set = { MAIL_FROM: 'Ops <ops@example.org>', PAGE_CACHE: '0', AUTH_MIN_RESPONSE_MS: '0', TRUST_PROXY: '2', EXTENSION_DIR: '/srv/extension' };
    expect(readConfig(set)).toMatchObject({
      mailFrom: 'Ops <ops@example.org>',
      pageCache: false,
      authMinResponseMs: 0,
      trustProxy: 2,
      extensionDir: '/srv/extension',
    });
  });
});
