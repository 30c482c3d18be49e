import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures';
import { adminSignIn, apiSignUp, dataDir, decode } from './auth-support';
import { expectNoErrors, LANGS, prepare, watchErrors, type Lang } from './site-support';

/**
 * The daily email digest, in both languages: a member turns it on in their profile, the admin
 * decides their prompt, the digest job (every minute on the test server, DIGEST_CRON) emails
 * them in their language, and the email's unsubscribe link, opened without signing in, turns
 * it off in one click.
 */
const locale = (lng: Lang, ns: string) => JSON.parse(readFileSync(new URL(`../../src/i18n/locales/${lng}/${ns}.json`, import.meta.url), 'utf8'));

/** The digests in the outbox to `email`, decoded (the account emails have no List-Unsubscribe). */
function digestsTo(email: string): string[] {
  const dir = join(dataDir, 'outbox');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.eml') && f.includes(email))
    .sort()
    .map((f) => readFileSync(join(dir, f), 'utf8'))
    .filter((raw) => /^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m.test(raw))
    .map(decode);
}

for (const lng of LANGS) {
  test(`daily digest in ${lng}: turned on in the profile, received, unsubscribed in one click`, async ({ browser, baseURL }) => {
    test.setTimeout(240_000);
    const d = locale(lng, 'dashboard');
    const context = await browser.newContext({ viewport: { width: lng === 'en' ? 1280 : 360, height: 900 } });
    await prepare(context, baseURL!, lng, lng === 'en' ? 'light' : 'dark');
    const page = await context.newPage();
    const errors = watchErrors(page);
    const { email } = await apiSignUp(page.request);

    await page.goto('/dashboard/profile');
    await expect(page.getByRole('heading', { name: d.profile.digest.title })).toBeVisible();
    const toggle = page.getByTestId('digest-switch');
    await expect(toggle).not.toBeChecked();
    // A click before the switch's island hydrates is held and replayed (the early-click gate): one click, whenever it lands.
    await toggle.click();
    await expect(toggle).toBeChecked();
    await expect(page.getByTestId('toast')).toContainText(d.profile.digest.on);
    await page.reload();
    await expect(page.getByTestId('digest-switch')).toBeChecked();

    const title = `Digest haiku ${lng} ${Date.now().toString(36)}`;
    const submitted = await page.request.post('/api/prompts', {
      data: { title, description: 'A prompt the digest tells about.', content: 'Write a haiku about the tide.', categoryId: 1 },
    });
    const { id } = await submitted.json();
    const admin = await browser.newContext();
    await adminSignIn(admin.request);
    expect((await admin.request.put(`/api/admin/prompts/${id}/review`, { data: { isApproved: true } })).status()).toBe(200);

    // The job runs each minute on the test server.
    let digests: string[] = [];
    await expect.poll(() => (digests = digestsTo(email)).length, { timeout: 150_000, intervals: [2000] }).toBe(1);
    expect(digests[0]).toContain(d.notifications.kinds['prompt-approved'].replace('{{title}}', title));
    expect(digests[0]).toContain(d.notifications.digest.why);
    const link = /https?:\/\/[^\s"<>]+\/notifications\/unsubscribe\?u=\d+&t=[\w-]+/.exec(digests[0])![0];

    // Opened from the email, without signing in.
    const stranger = await browser.newContext();
    await prepare(stranger, baseURL!, lng);
    const mailbox = await stranger.newPage();
    const { pathname, search } = new URL(link);
    await mailbox.goto(pathname + search);
    await expect(mailbox.getByRole('heading', { level: 1 })).toHaveText(d.notifications.digest.unsubscribePage.title);
    await mailbox.getByTestId('unsubscribe-confirm').click();
    await expect(mailbox.getByTestId('unsubscribed')).toHaveText(d.notifications.digest.unsubscribePage.done);

    expect(await (await page.request.get('/api/me/notifications/digest')).json()).toEqual({ enabled: false, language: lng });
    await page.reload();
    await expect(page.getByTestId('digest-switch')).not.toBeChecked();
    await expectNoErrors(errors);
    await Promise.all([context.close(), admin.close(), stranger.close()]);
  });
}
