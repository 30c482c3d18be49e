import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { adminSignIn, dataDir, mailCount, nextMail, uniqueEmail } from './auth-support';
import { expect, test } from './fixtures';
import { expectNoErrors, prepare, watchErrors, type Lang } from './site-support';

/**
 * The Community page's leaderboards (docs/community.md) in both languages: two members publish
 * and their prompts are used and rated; the site's clock (TEST_CLOCK_FILE) moves from Sunday
 * night to Monday morning in Hong Kong, and This Week, This Month and All Time rank them as the
 * score says: uses by others, plus 5 for each Helpful by someone else.
 */
type Messages = Record<string, any>;
const locale = (lng: Lang): Messages => JSON.parse(readFileSync(new URL(`../../src/i18n/locales/${lng}/community.json`, import.meta.url), 'utf8'));
const clockFile = `${dataDir}/clock`;
const setClock = (at: string) => writeFileSync(clockFile, String(Date.parse(at) - Date.now()));
// Each language its own month far from today, so no other spec's activity shares its week or month.
const WEEKS = {
  en: { sunday: '2027-01-10T14:00:00Z', monday: '2027-01-11T02:00:00Z' },
  'zh-HK': { sunday: '2027-02-14T14:00:00Z', monday: '2027-02-15T02:00:00Z' },
} as const;

test.describe.configure({ mode: 'serial' });
test.afterAll(() => rmSync(clockFile, { force: true }));

async function member(baseURL: string, name: string): Promise<{ request: APIRequestContext; id: number }> {
  const request = await playwrightRequest.newContext({ baseURL });
  const email = uniqueEmail('board');
  const before = mailCount(email);
  expect((await request.post('/api/auth/register', { data: { name, email } })).status()).toBe(200);
  const token = new URL((await nextMail(email, before)).link!).searchParams.get('token')!;
  expect((await request.post('/api/auth/set-password', { data: { email, token, password: 'correct horse battery' } })).status()).toBe(200);
  const me = await (await request.get('/api/auth/me')).json();
  return { request, id: me.user.id };
}

for (const lng of ['en', 'zh-HK'] as const) {
  test(`leaderboards in ${lng}: three tabs rank two members by the score, across a week boundary`, async ({ page, context, baseURL }) => {
    test.setTimeout(120_000);
    const text = locale(lng);
    await prepare(context, baseURL!, lng, lng === 'en' ? 'light' : 'dark');
    const errors = watchErrors(page);
    const stamp = Date.now().toString(36);
    const ada = await member(baseURL!, `Ada ${lng} ${stamp}`);
    const bo = await member(baseURL!, `Bo ${lng} ${stamp}`);
    const admin = await playwrightRequest.newContext({ baseURL });
    await adminSignIn(admin);
    const visitors = await Promise.all(
      [1, 2, 3, 4].map((i) => playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': `198.51.${lng === 'en' ? 110 : 111}.${i}` } })),
    );
    const publish = async (author: APIRequestContext, title: string) => {
      const r = await author.post('/api/prompts', {
        data: { title, description: 'A prompt for the leaderboard spec.', content: `${title}: do it well.`, categoryId: 1 },
      });
      expect(r.status()).toBe(201);
      const { id } = await r.json();
      expect((await admin.put(`/api/admin/prompts/${id}/review`, { data: { isApproved: true } })).status()).toBe(200);
      return id as number;
    };
    const use = async (who: APIRequestContext, id: number) => expect((await who.put(`/api/prompts/${id}/use`)).status()).toBe(200);

    // Sunday night: Ada's prompt, used by four visitors and rated Helpful by Bo: 4 + 5 = 9 points, last week.
    setClock(WEEKS[lng].sunday);
    const adaPrompt = await publish(ada.request, `Ada's sonnet helper ${lng} ${stamp}`);
    for (const v of visitors) await use(v, adaPrompt);
    await use(ada.request, adaPrompt); // her own use counts nothing
    expect((await bo.request.post('/api/ratings', { data: { promptId: adaPrompt, value: 5 } })).status()).toBe(200);

    // Monday morning, a new week in Hong Kong: Bo's prompt, used by two visitors: 2 points.
    setClock(WEEKS[lng].monday);
    const boPrompt = await publish(bo.request, `Bo's trip planner ${lng} ${stamp}`);
    for (const v of visitors.slice(0, 2)) await use(v, boPrompt);

    const board = page.getByTestId('leaderboard');
    const ours = async () => {
      const names = await board.getByTestId('leaderboard-name').allTextContents();
      return names.filter((n) => n === `Ada ${lng} ${stamp}` || n === `Bo ${lng} ${stamp}`);
    };
    const scoreOf = (name: string) => board.getByTestId('leaderboard-entry').filter({ hasText: name }).getByTestId('leaderboard-score');

    // This Week (the default tab): only Bo.
    await page.goto('/community');
    await expect(board.getByRole('link', { name: text.leaderboard.thisWeek })).toHaveAttribute('aria-current', 'page');
    await expect(scoreOf(`Bo ${lng} ${stamp}`)).toHaveText(text.leaderboard.points_other.replace('{{count}}', '2'));
    expect(await ours()).toEqual([`Bo ${lng} ${stamp}`]);
    await expect(page.getByRole('heading', { name: text.join.title })).toBeVisible();

    // This Month and All Time: Ada's 9 before Bo's 2 (links: they work before any script).
    for (const tab of [text.leaderboard.thisMonth, text.leaderboard.allTime]) {
      await board.getByRole('link', { name: tab }).click();
      await expect(board.getByRole('link', { name: tab })).toHaveAttribute('aria-current', 'page');
      await expect(scoreOf(`Ada ${lng} ${stamp}`)).toHaveText(text.leaderboard.points_other.replace('{{count}}', '9'));
      expect(await ours()).toEqual([`Ada ${lng} ${stamp}`, `Bo ${lng} ${stamp}`]);
    }
    await expect(page).toHaveURL(/board=all/);

    // The latest contributions say who and when; the name leads to Bo's page with his standing.
    const latest = page.getByTestId('latest-contributions');
    await expect(latest.getByRole('link', { name: `Bo's trip planner ${lng} ${stamp}` })).toBeVisible();
    await latest
      .getByRole('link', { name: text.latest.by.replace('{{name}}', `Bo ${lng} ${stamp}`) })
      .first()
      .click();
    await expect(page.getByTestId('member-name')).toHaveText(`Bo ${lng} ${stamp}`);
    await expect(page.getByTestId('member-standing').locator('[data-period="week"]')).toContainText(text.leaderboard.points_other.replace('{{count}}', '2'));
    await expect(page.getByTestId('prompt-grid')).toContainText(`Bo's trip planner ${lng} ${stamp}`);

    // The admin features Ada from her page; the Community page shows her with her best prompt, and no join call for a signed-in user.
    await adminSignIn(page.request);
    await page.goto(`/members/${ada.id}`);
    await page.getByTestId('feature-member').click();
    await expect(page.getByTestId('member-featured')).toBeVisible();
    await page.goto('/community');
    const featured = page.getByTestId('featured-members');
    await expect(featured.getByRole('link', { name: `Ada ${lng} ${stamp}` })).toBeVisible();
    await expect(featured.getByRole('link', { name: `Ada's sonnet helper ${lng} ${stamp}` })).toBeVisible();
    await expect(page.getByRole('heading', { name: text.join.title })).toBeHidden();

    // A member who is not there gets a friendly page.
    const missing = await page.goto('/members/999999');
    expect(missing?.status()).toBe(404);
    await expect(page.getByTestId('member-not-found')).toContainText(text.member.notFoundTitle);
    await expectNoErrors(errors);
    for (const c of [ada.request, bo.request, admin, ...visitors]) await c.dispose();
  });
}
