import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { pgTool } from '../../scripts/backup-lib';
import { readZip } from '../../src/server/zip';
import { startServer, testPort, type RunningServer } from '../support/server';
import { auth, nextMail } from './auth-support';
import { expect, test } from './fixtures';
import { expectNoErrors, prepare, watchErrors } from './site-support';

/**
 * "Delete my account" from the profile, on a server of its own on PostgreSQL, so
 * the database can be dumped afterwards: the member downloads their prompts (the Markdown
 * zip, the one format my-data.spec does not open), deletes the account with their password,
 * cannot sign in again, and pg_dump finds their email and name nowhere.
 */
const databaseUrl = process.env.TEST_DATABASE_URL;
const PASSWORD = 'correct horse battery';
const profile = (lng: string) =>
  JSON.parse(readFileSync(new URL(`../../src/i18n/locales/${lng}/dashboard.json`, import.meta.url), 'utf8')).profile.download as Record<string, string>;

test.describe('delete my account', () => {
  test.skip(!databaseUrl, 'needs PostgreSQL for its dump: set TEST_DATABASE_URL (npm test and .ci/run do)');
  const schema = `e2e_delete_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'promptory-delete-'));
  let server: RunningServer;

  test.beforeAll(async () => {
    server = await startServer({ DATABASE_URL: databaseUrl!, DATABASE_SCHEMA: schema, DATA_DIR: dataDir, SEED: '0', WORKERS: '1' }, testPort(63));
  });
  test.afterAll(async () => {
    await server?.stop();
    const sql = postgres(databaseUrl!, { max: 1, onnotice: () => {} });
    await sql.unsafe(`drop schema if exists "${schema}" cascade; drop schema if exists "pgboss_${schema}" cascade`);
    await sql.end();
    rmSync(dataDir, { recursive: true, force: true });
  });

  for (const lng of ['en', 'zh-HK'] as const) {
    test(`in ${lng}: download the prompts, delete the account, never sign in again, nothing left in a dump`, async ({ page, context }) => {
      const text = auth[lng];
      const url = server.url;
      await prepare(context, url, lng, lng === 'en' ? 'dark' : 'light');
      const errors = watchErrors(page);
      const tag = Math.random().toString(36).slice(2, 8);
      const email = `leaving-${tag}@example.com`;
      const name = `Leaving Member ${tag}`;
      expect((await page.request.post(`${url}/api/auth/register`, { data: { name, email } })).status()).toBe(200);
      const token = new URL((await nextMail(email, 0, dataDir)).link!).searchParams.get('token')!;
      expect((await page.request.post(`${url}/api/auth/set-password`, { data: { email, token, password: PASSWORD } })).status()).toBe(200);
      const saved = await page.request.post(`${url}/api/prompts`, {
        data: {
          title: `Mine ${tag}`,
          description: 'A private prompt to take with me.',
          content: 'Plan {{天數}} days in {{city}}.',
          categoryId: 1,
          visibility: 'private',
        },
      });
      expect(saved.status()).toBe(201);

      await page.goto(`${url}/dashboard/profile`);
      const [zip] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: profile(lng).markdown }).click()]);
      expect(zip.suggestedFilename()).toMatch(/^promptory-export-\d{4}-\d{2}-\d{2}\.zip$/);
      const files = readZip(readFileSync((await zip.path())!));
      const prompt = [...files.entries()].find(([path]) => path.startsWith('prompts/'));
      expect(prompt?.[1].toString('utf8')).toContain('Plan {{天數}} days in {{city}}.');

      const card = page.getByTestId('delete-account-card');
      await expect(card).toContainText(text.deleteAccount.kept);
      await card.getByRole('button', { name: text.deleteAccount.start }).click();
      const password = card.getByLabel(text.fields.password, { exact: true });
      await expect(password).toBeFocused();
      await password.fill('not my password');
      await card.getByRole('button', { name: text.deleteAccount.submit }).click();
      await expect(card.getByText(text.messages.wrongPassword)).toBeVisible();
      await password.fill(PASSWORD);
      await card.getByRole('button', { name: text.deleteAccount.submit }).click();
      await page.waitForURL(`${url}/`);
      await expect(page.getByText(text.deleteAccount.deleted.title)).toBeVisible();
      // Signed out: the navigation offers Sign In again.
      await expect(page.locator(`a[href^="/auth"]`).first()).toBeVisible();

      // Signing in again is refused, as for any unknown address.
      await page.goto(`${url}/auth`);
      await page.getByLabel(text.fields.email).fill(email);
      await page.getByLabel(text.fields.password, { exact: true }).fill(PASSWORD);
      await page.getByTestId('login-submit').click();
      await expect(page.getByText(text.messages.invalidCredentials).first()).toBeVisible();
      expectNoErrors(errors);

      const dump = execFileSync(pgTool('pg_dump'), ['--no-owner', '--schema', schema, '-d', databaseUrl!], { maxBuffer: 1 << 30 }).toString('utf8');
      expect(dump).toContain(`CREATE TABLE ${schema}.events`);
      expect(dump).not.toContain(email);
      expect(dump).not.toContain(name);
    });
  }
});
