import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationRoutes } from '../../modules/notifications/routes';
import { promptRoutes } from '../../modules/prompts/routes';
import { sendDigests } from '../../src/server/notifications/digest';
import { backends, freshApp, settleAll, expectRebuildUnchanged } from '../support/backends';
import { Browser, decodeMime, installApp, signUpAs } from '../support/test-app';

const PUBLIC_URL = 'http://localhost:4321';
const ADMIN = 'admin-digest@example.com';
const ADA = 'ada-digest@example.com';
const BO = 'bo-digest@example.com';
const web = (ip: string, lng: 'en' | 'zh-HK' = 'en') => Object.assign(new Browser(ip, lng), { headers: { origin: PUBLIC_URL } });
const content = (title: string) => ({ title, description: 'A prompt to be told about', content: 'Write a haiku about the sea.', categoryId: 1 });

/** A header of a message, unfolded (null when it has none). */
function headerOf(raw: string, name: string): string | null {
  const head = raw.split('\n\n', 1)[0].replace(/\n[ \t]+/g, ' ');
  return new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1] ?? null;
}

/** A message's Subject header, its encoded words (RFC 2047, base64 or Q) decoded. */
function subjectOf(raw: string): string {
  return headerOf(raw, 'Subject')!
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_, kind: string, text: string) =>
      kind.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          ).toString('utf8'),
    )
    .trim();
}

/** The daily email digest of unread notifications and its one-click unsubscribe, on both backends. */
describe.each(backends)('the daily digest on $name', (backend) => {
  let app: Awaited<ReturnType<typeof freshApp>>;
  const ada = web('10.24.0.1', 'zh-HK');
  const bo = web('10.24.0.2');
  const admin = web('10.24.0.3');
  let adaId = 0;

  beforeAll(async () => {
    // Its own outbox on either backend (PostgreSQL's app would otherwise write to ./data).
    app = await freshApp(backend, { publicUrl: PUBLIC_URL, seed: true, adminEmail: ADMIN, dataDir: mkdtempSync(join(tmpdir(), 'promptory-digest-')) });
    await settleAll(app);
    installApp(app);
    adaId = await signUpAs(app, ada, ADA, 'Ada');
    await signUpAs(app, bo, BO, 'Bo');
    await signUpAs(app, admin, ADMIN, 'Admin');
  });
  afterAll(async () => {
    await app?.dispose();
    if (app) rmSync(app.config.dataDir, { recursive: true, force: true });
  });

  /** The digest job as the daily schedule runs it, on the given day. */
  const runOn = async (day: string) => {
    await settleAll(app);
    const sent = await sendDigests({ ...app, clock: () => new Date(`${day}T23:00:00Z`) });
    await settleAll(app);
    return sent;
  };
  const digests = (to: string) => {
    const dir = join(app.config.dataDir, 'outbox');
    const files = readdirSync(dir)
      .filter((f) => f.endsWith('.eml') && f.includes(to))
      .sort()
      .map((f) => readFileSync(join(dir, f), 'utf8'))
      .filter((raw) => headerOf(raw, 'List-Unsubscribe') !== null);
    return files.map((raw) => ({ raw, text: decodeMime(raw), subject: subjectOf(raw) }));
  };
  const decide = async (title: string, isApproved: boolean, author = ada) => {
    const submitted = await author.api(promptRoutes.submit, { body: content(title) });
    expect(submitted.status).toBe(201);
    const reviewed = await admin.api(promptRoutes.review, {
      params: { id: submitted.body.id },
      body: isApproved ? { isApproved } : { isApproved, reason: 'low-quality', note: 'More detail' },
    });
    expect(reviewed.status).toBe(200);
  };

  it('is off by default: nobody is sent a digest until they turn it on', async () => {
    expect((await ada.api(notificationRoutes.digestSettings, {})).body).toEqual({ enabled: false, language: 'en' });
    await decide('Haiku before the digest', false);
    await decide('Bo haiku', true, bo);
    expect(await runOn('2031-03-01')).toBe(0);
    expect(digests(ADA)).toEqual([]);
  });

  it('once on, sends one email a day in the language it was turned on in, listing the unread notifications, never twice', async () => {
    const on = await ada.api(notificationRoutes.changeDigest, { body: { enabled: true } });
    expect(on.status).toBe(200);
    expect(on.body).toEqual({ enabled: true, language: 'zh-HK' });
    // Turning it on again changes nothing.
    const head = await app.store.head();
    await ada.api(notificationRoutes.changeDigest, { body: { enabled: true } });
    expect(await app.store.head()).toEqual(head);
    await decide('Approved haiku', true);

    // Two workers (or a restart) run the same day's job at once: one digest.
    const [first, second] = await Promise.all([runOn('2031-03-02'), runOn('2031-03-02')]);
    expect(first + second).toBe(1);
    const [mail] = digests(ADA);
    expect(digests(ADA)).toHaveLength(1);
    expect(mail.subject).toBe('Promptory：2 則未讀通知');
    expect(mail.text).toContain('你的提示詞「Approved haiku」已獲批准，現已公開。');
    expect(mail.text).toContain('你的提示詞「Haiku before the digest」未獲批准。');
    expect(headerOf(mail.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(headerOf(mail.raw, 'List-Unsubscribe')).toMatch(/^<http:\/\/localhost:4321\/notifications\/unsubscribe\/one-click\?u=\d+&t=[\w-]{43}>$/);
    // Bo never turned it on.
    expect(digests(BO)).toEqual([]);

    // The same day again, and the next day with nothing new: nothing.
    expect(await runOn('2031-03-02')).toBe(0);
    expect(await runOn('2031-03-03')).toBe(0);
    expect(digests(ADA)).toHaveLength(1);

    // Something new: the next day's digest lists only it.
    await decide('Second haiku', true);
    expect(await runOn('2031-03-04')).toBe(1);
    const next = digests(ADA)[1];
    expect(next.subject).toBe('Promptory：1 則未讀通知');
    expect(next.text).toContain('Second haiku');
    expect(next.text).not.toContain('Approved haiku');

    // What the person read is not sent.
    await decide('Read haiku', true);
    await settleAll(app);
    const list = await ada.api(notificationRoutes.myNotifications, { query: {} });
    await ada.api(notificationRoutes.notificationsAllRead, { body: { upTo: list.body.items[0].position } });
    expect(await runOn('2031-03-05')).toBe(0);
  });

  it('keeps no address or name in the log: the digest events say whose, up to where, and how many', async () => {
    const events = (await app.store.readStream(`notifications-${adaId}`)).filter((e) => e.type.startsWith('NotificationDigest'));
    expect(events.map((e) => e.type)).toEqual(['NotificationDigestChanged', 'NotificationDigestSent', 'NotificationDigestSent']);
    const [row] = await app.db.query<{ data: string }>(
      `select string_agg(data::text, ' ') as data from events where type in ('NotificationDigestChanged', 'NotificationDigestSent')`,
    );
    expect(row.data).not.toContain('@');
    expect(row.data).not.toContain('Ada');
  });

  it('unsubscribes in one click without sign-in, refuses a forged link, and the replayed read model agrees', async () => {
    const link = headerOf(digests(ADA)[0].raw, 'List-Unsubscribe')!.slice(1, -1);
    const path = new URL(link).pathname + new URL(link).search;
    const mailClient = new Browser('203.0.113.9');
    const oneClick = { method: 'POST', path, rawBody: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } };

    const forged = await mailClient.send({ ...oneClick, path: path.replace(/t=[\w-]+/, `t=${'A'.repeat(43)}`) });
    expect(forged.status).toBe(403);
    expect(forged.body).toMatchObject({ code: 'notifications.badUnsubscribeLink' });
    const broken = await mailClient.send({ ...oneClick, path: path.replace(/t=[\w-]+/, 't=short') });
    expect(broken.status).toBe(400);
    expect(broken.body).toMatchObject({ code: 'request.invalid' });
    expect((await ada.api(notificationRoutes.digestSettings, {})).body.enabled).toBe(true);

    const done = await mailClient.send(oneClick);
    expect(done.status).toBe(200);
    await settleAll(app);
    expect((await ada.api(notificationRoutes.digestSettings, {})).body).toEqual({ enabled: false, language: 'zh-HK' });
    const head = await app.store.head();
    expect((await mailClient.send(oneClick)).status).toBe(200);
    expect(await app.store.head()).toEqual(head);

    // Off again: something new is not sent.
    await decide('After unsubscribing', true);
    expect(await runOn('2031-03-06')).toBe(0);
    expect(digests(ADA)).toHaveLength(2);

    // The browser's form (the unsubscribe page) is sent back to the page.
    const fromPage = await ada.send({ method: 'POST', path, rawBody: '', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(fromPage.status).toBe(303);
    expect(fromPage.headers.get('location')).toBe(path.replace('/one-click', ''));

    await expectRebuildUnchanged(app, 'notifications');
  });
});
