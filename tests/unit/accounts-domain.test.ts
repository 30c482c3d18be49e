import enAuth from '../../src/i18n/locales/en/auth.json';
import { describe, expect, it } from 'vitest';
import { resolve } from 'node:path';
import type { StoredEvent } from '../../events';
import {
  decideDeleteAccount,
  decideIssueLink,
  decideRegister,
  decideSetPassword,
  decideSignIn,
  evolveAccount,
  initialAccountState,
  linkIsValid,
  LINK_LIFETIME_MS,
} from '../../modules/accounts/domain/account';
import { hashToken, generateToken } from '../../modules/accounts/tokens';
import { loginRequest, registerRequest, setPasswordForm, setPasswordRequest, AUTH_MESSAGES } from '../../modules/accounts/contracts';
import { isSameOriginRequest, isServedHost, mergeCsp, UNTRUSTED_PROXY_WARNING, warnIfUntrustedProxy } from '../../src/server/middleware/security';
import { readConfig } from '../../src/server/config';
import { EXTENSION_ORIGIN } from '../../modules/devices/contracts';

const stored = (events: { type: string; data: unknown }[]): StoredEvent[] =>
  events.map(
    (e, i) =>
      ({
        ...e,
        position: i + 1,
        streamId: 'user-1',
        streamVersion: i + 1,
        txId: '1',
        metadata: { actor: null, requestId: 't', at: '' },
        createdAt: new Date(),
      }) as StoredEvent,
  );

const now = new Date('2026-01-01T00:00:00Z');
const fold = (events: { type: string; data: unknown }[]) => stored(events).reduce(evolveAccount, initialAccountState);

describe('account decisions', () => {
  const token = generateToken();
  const registered = decideRegister({ userId: 1, email: 'a@b.co', name: 'Ann', username: null, tokenHash: hashToken(token), now });

  it('registration issues a 24-hour link and no password', () => {
    const state = fold(registered);
    expect(state.hasPassword).toBe(false);
    expect(state.link?.purpose).toBe('register');
    expect(Date.parse(state.link!.expiresAt) - now.getTime()).toBe(LINK_LIFETIME_MS.register);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits
  });

  it('the link sets the password once, and not after it expires', () => {
    const state = fold(registered);
    expect(() => decideSetPassword(state, hashToken('wrong'), now)).toThrow(AUTH_MESSAGES.invalidLink);
    const late = new Date(now.getTime() + LINK_LIFETIME_MS.register);
    expect(linkIsValid(state, hashToken(token), late)).toBe(false);
    const set = decideSetPassword(state, hashToken(token), now);
    // The event records that a password was set, never the credential.
    expect(set).toEqual([{ type: 'PasswordSet', data: { userId: 1 } }]);
    const after = fold([...registered, ...set]);
    expect(after.hasPassword).toBe(true);
    expect(() => decideSetPassword(after, hashToken(token), now)).toThrow(AUTH_MESSAGES.invalidLink);
  });

  it("setting the password with a link applies the name its requester chose, not an earlier registration's", () => {
    const pending = fold(registered); // registered as "Ann" by whoever came first
    const fresh = generateToken();
    const { events } = decideIssueLink(pending, hashToken(fresh), now, { name: 'Ann Owner', username: 'annowner' });
    const set = decideSetPassword(fold([...registered, ...events]), hashToken(fresh), now);
    expect(set).toEqual([
      { type: 'UserRenamed', data: { userId: 1, name: 'Ann Owner', username: 'annowner' } },
      { type: 'PasswordSet', data: { userId: 1 } },
    ]);
    // The first registration's own link changes nothing.
    expect(decideSetPassword(pending, hashToken(token), now)).toEqual([{ type: 'PasswordSet', data: { userId: 1 } }]);
  });

  it('a newer link replaces the older one; a reset link lives one hour', () => {
    const withPassword = fold([...registered, { type: 'PasswordSet', data: { userId: 1 } }]);
    const fresh = generateToken();
    const { purpose, events } = decideIssueLink(withPassword, hashToken(fresh), now);
    expect(purpose).toBe('reset');
    const state = fold([...registered, { type: 'PasswordSet', data: { userId: 1 } }, ...events]);
    expect(linkIsValid(state, hashToken(token), now)).toBe(false);
    expect(linkIsValid(state, hashToken(fresh), new Date(now.getTime() + LINK_LIFETIME_MS.reset - 1))).toBe(true);
    expect(linkIsValid(state, hashToken(fresh), new Date(now.getTime() + LINK_LIFETIME_MS.reset))).toBe(false);
  });

  it('sign-in needs an account with a password', () => {
    expect(() => decideSignIn(initialAccountState)).toThrow(AUTH_MESSAGES.invalidCredentials);
    expect(() => decideSignIn(fold(registered))).toThrow(AUTH_MESSAGES.invalidCredentials);
  });

  it('a deleted account is gone: no sign-in, no link, no second deletion', () => {
    const active = [...registered, { type: 'PasswordSet', data: { userId: 1 } }];
    expect(decideDeleteAccount(fold(active))).toEqual([{ type: 'AccountDeleted', data: { userId: 1 } }]);
    const deleted = fold([...active, { type: 'AccountDeleted', data: { userId: 1 } }]);
    expect(() => decideSignIn(deleted)).toThrow(AUTH_MESSAGES.invalidCredentials);
    expect(() => decideIssueLink(deleted, hashToken(generateToken()), now)).toThrow('Account not found');
    expect(linkIsValid(deleted, hashToken(token), now)).toBe(false);
    expect(() => decideDeleteAccount(deleted)).toThrow('Account not found');
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
