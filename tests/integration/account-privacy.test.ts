import type { APIRoute } from 'astro';
import { describe, expect, it } from 'vitest';
import * as forgotApi from '../../src/pages/api/auth/forgot-password';
import * as registerApi from '../../src/pages/api/auth/register';
import * as loginApi from '../../src/pages/api/auth/login';
import * as meApi from '../../src/pages/api/auth/me';
import * as setPasswordApi from '../../src/pages/api/auth/set-password';
import { accountsMigrations } from '../../modules/accounts/migrations';
import { hashPassword } from '../../modules/accounts/password';
import { migrate } from '../../src/server/db/migrate';
import { backends, freshApp, suiteApp } from '../support/backends';
import { Browser, installApp, lastMail, signUpAs } from './accounts-support';

/**
 * Whatever the email, the account endpoints answer alike: the
 * same status, body, headers and cookies (the written-position cookie would otherwise tell
 * how far the log moved), and concurrent requests for one registered email do not conflict.
 */
describe.each(backends)('account answers do not tell whether an email is registered, on $name', (backend) => {
  const app = suiteApp(async () => {
    const booted = await freshApp(backend, { publicUrl: 'http://localhost:4321', authMinResponseMs: 0 });
    installApp(booted);
    return booted;
  });
  let n = 0;
  const fresh = () => `nobody-${++n}-${Date.now().toString(36)}@example.com`;

  /** One request from a new browser: what a client can observe of the answer, minus Date. */
  async function observe(handler: APIRoute, body: unknown) {
    const browser = new Browser(`10.18.0.${++n}`);
    browser.headers = { origin: 'http://localhost:4321' };
    // The endpoint's real path: the cookie rule follows the route's declaration, not the URL.
    const path = handler === forgotApi.POST ? '/api/auth/forgot-password' : '/api/auth/register';
    const r = await browser.call(handler, { path, body, headers: browser.headers });
    const headers = [...r.headers].filter(([k]) => k !== 'date' && k !== 'set-cookie');
    return { status: r.status, body: r.body, headers, cookies: browser.setCookies, setCookie: r.headers.get('set-cookie') };
  }

  it('register and forgot-password: identical status, body, headers and cookies for a registered and an unknown email', async () => {
    const registered = 'member@example.com';
    await signUpAs(app(), new Browser(), registered, 'Member');
    const pending = fresh();
    await observe(registerApi.POST, { name: 'Pending', email: pending });

    const registerKnown = await observe(registerApi.POST, { name: 'Someone', email: registered });
    const registerPending = await observe(registerApi.POST, { name: 'Someone', email: pending });
    const registerNew = await observe(registerApi.POST, { name: 'Someone', email: fresh() });
    expect(registerKnown.status).toBe(200);
    expect(registerPending).toEqual(registerKnown);
    expect(registerNew).toEqual(registerKnown);

    const forgotKnown = await observe(forgotApi.POST, { email: registered });
    const forgotUnknown = await observe(forgotApi.POST, { email: fresh() });
    expect(forgotKnown.status).toBe(200);
    expect(forgotUnknown).toEqual(forgotKnown);
  });

  it('concurrent forgot-password requests for one registered email all answer 200, as for an unknown email', async () => {
    // Three at a time is the per-account limit: a few emails make the race likely on every run.
    const emails = ['busy-1@example.com', 'busy-2@example.com', 'busy-3@example.com'];
    for (const email of emails) await signUpAs(app(), new Browser(), email, 'Busy');
    for (const target of [...emails, fresh()]) {
      const answers = await Promise.all([1, 2, 3].map(() => observe(forgotApi.POST, { email: target })));
      expect(
        answers.map((a) => a.status),
        target,
      ).toEqual([200, 200, 200]);
    }
  });

  /** Every event whose data holds a password hash (Argon2id, as oslo writes it). */
  const hashesInLog = async () =>
    (await app().db.query<{ type: string }>("select type from events where data::text like '%$argon2%' or data ? 'passwordHash'")).map((r) => r.type);

  it('no password hash is ever written to the log: register, set password, reset', async () => {
    const email = 'secret@example.com';
    await signUpAs(app(), new Browser(), email, 'Secret');
    const browser = new Browser('10.18.1.1');
    browser.headers = { origin: 'http://localhost:4321' };
    expect((await browser.call(forgotApi.POST, { body: { email }, headers: browser.headers })).status).toBe(200);
    const token = new URL(lastMail(app().config.dataDir, email)!.link!).searchParams.get('token')!;
    const reset = await browser.call(setPasswordApi.POST, { body: { email, token, password: 'a brand new password' }, headers: browser.headers });
    expect(reset.status).toBe(200);
    expect(await hashesInLog()).toEqual([]);
    const passwordEvents = await app().db.query<{ data: Record<string, unknown> }>("select data from events where type = 'PasswordSet'");
    expect(passwordEvents.length).toBeGreaterThanOrEqual(2);
    for (const { data } of passwordEvents) expect(Object.keys(data)).toEqual(['userId']);
    // The credential works from its table: the new password signs in, the old one does not.
    const login = (password: string) => new Browser('10.18.1.2').call(loginApi.POST, { body: { email, password }, headers: browser.headers });
    expect((await login('a brand new password')).status).toBe(200);
    expect((await login('correct horse battery')).status).toBe(401);
  });

  it('the migration moves the hashes of an older log out of its events, and sign-in still works', async () => {
    const email = 'legacy@example.com';
    const userId = await signUpAs(app(), new Browser(), email, 'Legacy');
    // What version 1 wrote: the hash in the event, and (before 0101) no row beside it.
    const legacyHash = await hashPassword('an old password');
    await app().db.query(
      `insert into events (stream_id, stream_version, type, version, data, metadata)
       select stream_id, max(stream_version) + 1, 'PasswordSet', 1, $2::text::jsonb, '{}'::jsonb from events where stream_id = $1 group by stream_id`,
      [`user-${userId}`, JSON.stringify({ userId, passwordHash: legacyHash })],
    );
    await app().db.query('delete from account_passwords where user_id = $1', [userId]);
    await app().db.query("delete from schema_migrations where id = '0101_password_hashes_out_of_the_log'");
    await migrate(app().db, accountsMigrations);
    expect(await hashesInLog()).toEqual([]);
    const [row] = await app().db.query<{ hash: string }>('select hash from account_passwords where user_id = $1', [userId]);
    expect(row.hash).toBe(legacyHash);
    const r = await new Browser('10.18.1.3').call(loginApi.POST, {
      body: { email, password: 'an old password' },
      headers: { origin: 'http://localhost:4321' },
    });
    expect(r.status).toBe(200);
  });

  it("a stranger's earlier registration does not choose the owner's name or username", async () => {
    const email = 'victoria@example.com';
    const stranger = new Browser('10.18.2.1');
    const owner = new Browser('10.18.2.2');
    for (const b of [stranger, owner]) b.headers = { origin: 'http://localhost:4321' };
    const registerAs = (b: Browser, name: string, username: string) => b.call(registerApi.POST, { body: { name, username, email }, headers: b.headers });
    expect((await registerAs(stranger, 'Mallory Prank', 'mallory')).status).toBe(200);
    expect((await registerAs(owner, 'Victoria Chan', 'victoria')).status).toBe(200);
    // The owner's email greets the owner by the name they typed, not the stranger's.
    const mail = lastMail(app().config.dataDir, email)!;
    expect(mail.text).toContain('Victoria Chan');
    expect(mail.text).not.toContain('Mallory');
    const token = new URL(mail.link!).searchParams.get('token')!;
    const set = await owner.call(setPasswordApi.POST, { body: { email, token, password: 'correct horse battery' }, headers: owner.headers });
    expect(set.status).toBe(200);
    const me = await owner.call(meApi.GET, { method: 'GET', headers: owner.headers });
    expect(me.body.user).toMatchObject({ name: 'Victoria Chan', username: 'victoria' });
    // The stranger's username is released with their registration.
    const held = await app().db.query<{ username: string }>('select username from account_usernames where username in ($1, $2)', ['mallory', 'victoria']);
    expect(held.map((r) => r.username)).toEqual(['victoria']);
  });
});
