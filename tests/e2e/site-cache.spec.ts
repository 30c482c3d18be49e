import type { APIRequestContext, Browser } from '@playwright/test';
import { expect, islandsReady, test } from './fixtures';
import { mailCount, nextMail, uniqueEmail } from './auth-support';

/**
 * One cached page for everyone. Public pages are the same bytes for a visitor and
 * any signed-in user (so the page cache and ETags serve them all); what is personal arrives
 * through islands after load, and a page cached while one user browsed carries nothing of theirs.
 */
async function signUp(request: APIRequestContext, name: string) {
  const email = uniqueEmail('cache');
  const before = mailCount(email);
  expect((await request.post('/api/auth/register', { data: { name, email } })).status()).toBe(200);
  const { link } = await nextMail(email, before);
  const token = new URL(link!).searchParams.get('token')!;
  expect((await request.post('/api/auth/set-password', { data: { email, token, password: 'correct horse battery' } })).status()).toBe(200);
  return { name, email };
}

async function signedInPage(browser: Browser, baseURL: string, name: string) {
  const context = await browser.newContext({ baseURL });
  const user = await signUp(context.request, name);
  return { context, page: await context.newPage(), user };
}

test("a signed-in user's cached page carries nothing personal of another user", async ({ browser, baseURL }) => {
  const alice = await signedInPage(browser, baseURL!, 'Alice Cachetest');
  const bob = await signedInPage(browser, baseURL!, 'Bob Cachetest');
  const visitor = await browser.newContext({ baseURL });

  for (const path of ['/', '/prompts', '/prompts/2', '/community?tab=newest']) {
    // Alice renders (or reuses) the page first; Bob and a visitor then get the same bytes.
    const first = await alice.context.request.get(path);
    expect(first.status()).toBe(200);
    const body = await first.text();
    expect(first.headers()['cache-control']).toContain('public');
    for (const personal of [alice.user.name, alice.user.email, 'data-testid="user-menu"']) expect(body).not.toContain(personal);

    const forBob = await bob.context.request.get(path);
    const forVisitor = await visitor.request.get(path);
    expect(forBob.headers()['etag']).toBe(first.headers()['etag']);
    expect(forVisitor.headers()['etag']).toBe(first.headers()['etag']);
    expect(await forBob.text()).toBe(body);
    expect(await forVisitor.text()).toBe(body);

    // Bob's browser revalidates with the ETag Alice's render produced: 304, nothing re-sent.
    const revalidated = await bob.context.request.get(path, { headers: { 'if-none-match': first.headers()['etag'] } });
    expect(revalidated.status()).toBe(304);
  }

  // In the browser, Bob's islands show Bob, never Alice.
  await bob.page.goto('/prompts/2');
  await islandsReady(bob.page);
  await expect(bob.page.getByTestId('user-menu')).toHaveAccessibleName(/Bob Cachetest/);
  await bob.page.getByTestId('user-menu').click();
  const menu = bob.page.locator('details[data-menu]:has([data-testid="user-menu"])');
  await expect(menu).toContainText(bob.user.email);
  await expect(bob.page.locator('body')).not.toContainText(alice.user.email);
  await expect(bob.page.locator('body')).not.toContainText(alice.user.name);
  // A visitor's islands offer Sign In instead.
  const visitorPage = await visitor.newPage();
  await visitorPage.goto('/prompts/2');
  await islandsReady(visitorPage);
  await expect(visitorPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();
  await expect(visitorPage.getByTestId('user-menu')).toHaveCount(0);

  for (const c of [alice.context, bob.context, visitor]) await c.close();
});

test('a dead session on a cached page (served before any session lookup) shows as signed out, and its cookie is cleared', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL });
  await context.request.get('/prompts/2'); // stored by now
  const url = new URL(baseURL!);
  await context.addCookies([{ name: 'promptory_session', value: 'a'.repeat(40), domain: url.hostname, path: '/', httpOnly: true }]);
  const page = await context.newPage();
  await page.goto('/prompts/2');
  await islandsReady(page);
  // The islands ask the API, which checks the session: Sign In, and the dead cookie is gone.
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();
  await expect.poll(async () => (await context.cookies()).some((c) => c.name === 'promptory_session')).toBe(false);
  await context.close();
});

test('private pages are never shared: the dashboard is rendered for its user alone', async ({ browser, baseURL }) => {
  const carol = await signedInPage(browser, baseURL!, 'Carol Private');
  const response = await carol.context.request.get('/dashboard/profile');
  expect(response.status()).toBe(200);
  expect(response.headers()['cache-control'] ?? '').not.toContain('public');
  expect(await response.text()).toContain(carol.user.email);
  await carol.context.close();
});
