import type { Page } from '@playwright/test';
import { expect, islandsReady, test } from './fixtures';
import { mailCount, newAccount, nextMail, pathOf, uniqueEmail } from './auth-support';

/**
 * A visitor sent to sign in comes back to the page that sent them (after signing in, and
 * after registering and setting a password from the emailed link), with the action's place
 * in view; a crafted return path never takes anyone off the site.
 */

const signInThroughForm = async (page: Page, email: string, password: string) => {
  await islandsReady(page);
  const form = page.getByTestId('login-form');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign In' }).click();
};

/** Whether the rating card is on screen (the return path's fragment scrolled it into view). */
const ratingCardInView = (page: Page) =>
  page.evaluate(() => {
    const card = document.getElementById('rating')!.getBoundingClientRect();
    return card.top < innerHeight && card.bottom > 0;
  });

test('Helpful, as a visitor: sign in, and land back on the prompt with the rating card in view', async ({ browser, page }) => {
  const { email, password } = await newAccount(browser);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/prompts/1?lng=en');
  await islandsReady(page);
  await page.getByTestId('rate-helpful').click();
  await page.waitForURL((url) => url.pathname === '/auth');
  expect(new URL(page.url()).searchParams.get('next')).toBe('/prompts/1?lng=en#rating');
  await signInThroughForm(page, email, password);
  await page.waitForURL((url) => url.pathname === '/prompts/1' && url.hash === '#rating');
  await islandsReady(page);
  await expect.poll(() => ratingCardInView(page)).toBe(true);
  // Signed in now, the same button rates.
  await page.getByTestId('rate-helpful').click();
  await expect(page.getByTestId('rating-thanks')).toBeVisible();
});

test('Helpful, as someone new: register, set the password from the email, and land back on the prompt', async ({ page }) => {
  await page.goto('/prompts/2?lng=en');
  await islandsReady(page);
  await page.getByTestId('rate-not-helpful').click();
  await page.waitForURL((url) => url.pathname === '/auth');
  await islandsReady(page);
  await page.getByRole('tab', { name: 'Register' }).click();
  const email = uniqueEmail('return');
  const before = mailCount(email);
  const form = page.getByTestId('register-form');
  await form.getByLabel('Name', { exact: true }).fill('Rhea Returner');
  await form.getByLabel('Email').fill(email);
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('auth-notice')).toBeVisible();
  // The emailed link, opened in the same browser.
  const { link } = await nextMail(email, before);
  await page.goto(`${pathOf(link!)}&lng=en`);
  await islandsReady(page);
  const set = page.getByTestId('set-password-form');
  await set.getByLabel('Password', { exact: true }).fill('correct horse battery');
  await set.getByLabel('Confirm password').fill('correct horse battery');
  await set.getByTestId('set-password-submit').click();
  await page.waitForURL((url) => url.pathname === '/prompts/2' && url.hash === '#rating');
  await expect(page.getByTestId('user-menu')).toBeVisible();
  expect(await ratingCardInView(page)).toBe(true);
});

test('a crafted return path never leaves the site, before or after signing in', async ({ browser, page, baseURL }) => {
  // Nine page loads and a sign-in: more than one page's time on a loaded machine.
  test.setTimeout(90_000);
  const origin = new URL(baseURL!).origin;
  const hostile = [
    '//evil.example/x',
    'https://evil.example/',
    '/\\evil.example',
    '/..//evil.example',
    '/%2F%2Fevil.example',
    '/%5Cevil.example',
    encodeURIComponent('//evil.example'),
    'javascript:alert(1)',
  ];
  // The link itself: signing in from it lands on this site.
  const { email, password } = await newAccount(browser);
  await page.goto(`/auth?lng=en&next=${encodeURIComponent('/..//evil.example/')}`);
  await signInThroughForm(page, email, password);
  await page.waitForURL((url) => url.origin === origin && url.pathname === '/');
  // Signed in, /auth forwards to `next` only when it is a path here.
  for (const next of hostile) {
    await page.goto(`/auth?next=${encodeURIComponent(next)}`);
    expect(new URL(page.url()).origin, next).toBe(origin);
    expect(new URL(page.url()).host, next).not.toContain('evil');
  }
});
