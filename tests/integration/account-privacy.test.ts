import type { APIRoute } from 'astro';
import { describe, expect, it } from 'vitest';
import * as forgotApi from '../../src/pages/api/auth/forgot-password';
import * as registerApi from '../../src/pages/api/auth/register';
import { backends, freshApp, suiteApp } from '../support/backends';
import { Browser, installApp, signUpAs } from './accounts-support';

/**
 * Issue 18, findings 1 and 2: whatever the email, the account endpoints answer alike: the
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
    const r = await browser.call(handler, { body, headers: browser.headers });
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
});
