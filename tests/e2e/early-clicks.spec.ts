import { expect, test, type Page } from '@playwright/test';
import { fillTemplate } from '../../modules/prompts/contracts';
import { apiSignUp } from './auth-support';
import { expectNoErrors, watchErrors } from './site-support';

/**
 * Clicks before hydration are never lost. On a slow phone the page is shown and
 * clickable well before its islands' code has run; a click then must still happen. The CPU is
 * throttled 4x and the islands' code is held back until the test has clicked (`release`), so
 * each click below lands while its island still carries Astro's `ssr` mark (checked), however
 * slow the machine, and the action must happen once the code arrives.
 */
async function slowPhone(page: Page) {
  await page.emulateMedia({ colorScheme: 'light' });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/_astro/**/*.js', async (route) => {
    await released;
    await route.continue().catch(() => {});
  });
  return release;
}

const notHydrated = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => el.closest('astro-island')?.hasAttribute('ssr') ?? false);

async function toggleThemeEarly(page: Page) {
  const toggle = page.locator('[data-theme-toggle]').first();
  await expect(toggle).toBeVisible();
  expect(await notHydrated(page, '[data-theme-toggle]')).toBe(true);
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  await toggle.click();
}

async function expectDark(page: Page) {
  await expect(page.locator('html')).toHaveClass(/\bdark\b/, { timeout: 15_000 });
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
}

test('home: the theme toggle clicked before hydration switches the theme', async ({ page }) => {
  const release = await slowPhone(page);
  await page.goto('/?lng=en', { waitUntil: 'domcontentloaded' });
  await toggleThemeEarly(page);
  release();
  await expectDark(page);
});

test('detail: the theme toggle and Copy Prompt clicked before hydration both happen', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const [prompt] = await (await page.request.get('/api/prompts')).json();
  const release = await slowPhone(page);
  await page.goto(`/prompts/${prompt.id}?lng=en`, { waitUntil: 'domcontentloaded' });
  await toggleThemeEarly(page);
  const copy = page.getByTestId('copy-prompt');
  await expect(copy).toBeVisible();
  expect(await notHydrated(page, '[data-testid=copy-prompt]')).toBe(true);
  await copy.click();
  release();
  await expectDark(page);
  // The seeded prompts have fill-in variables: the click, replayed once hydrated, opens the fill-in panel.
  await page.getByTestId('fill-copy').click({ timeout: 15_000 });
  await expect(page.getByTestId('toast')).toContainText('Prompt copied', { timeout: 15_000 });
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(fillTemplate(prompt.content, {}));
});

test('a form that only its island handles: Check clicked before hydration runs the check, not a native reload', async ({ page }) => {
  await apiSignUp(page.request);
  const release = await slowPhone(page);
  await page.goto('/dashboard/import?lng=en', { waitUntil: 'domcontentloaded' });
  const check = page.getByTestId('import-check');
  await expect(check).toBeVisible();
  expect(await notHydrated(page, '[data-testid=import-check]')).toBe(true);
  await check.click();
  release();
  // Submitted natively, the form would reload the page (a `?` in the URL) and say nothing.
  await expect(page.getByText('Please choose a file.')).toBeVisible({ timeout: 15_000 });
  expect(new URL(page.url()).search).toBe('?lng=en');
});

test('a switch clicked before hydration is switched once its island runs, not set back', async ({ page }) => {
  await apiSignUp(page.request);
  const release = await slowPhone(page);
  await page.goto('/dashboard/profile?lng=en', { waitUntil: 'domcontentloaded' });
  const toggle = page.getByTestId('digest-switch');
  await expect(toggle).toBeVisible();
  expect(await notHydrated(page, '[data-testid=digest-switch]')).toBe(true);
  await toggle.click();
  release();
  await expect(toggle).toBeChecked({ timeout: 15_000 });
  await expect
    .poll(() => page.evaluate(async () => (await fetch('/api/me/notifications/digest')).json()), { timeout: 15_000 })
    .toMatchObject({ enabled: true });
});

test('a toast raised before the page-wide overlays hydrate shows once they do, with no hydration error', async ({ page }) => {
  await apiSignUp(page.request);
  const errors = watchErrors(page);
  // Only the overlays' island (toasts, tooltips) is held back: the digest switch hydrates and is clicked first.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_astro\/Overlays\.[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue().catch(() => {});
  });
  await page.goto('/dashboard/profile?lng=en');
  await expect.poll(() => notHydrated(page, '[data-testid=digest-switch]')).toBe(false);
  await page.getByTestId('digest-switch').check();
  await expect.poll(() => page.evaluate(async () => (await fetch('/api/me/notifications/digest')).json())).toMatchObject({ enabled: true });
  expect(await notHydrated(page, '#promptory-toaster')).toBe(true);
  release();
  await expect(page.getByTestId('toast')).toContainText('Daily digest turned on', { timeout: 15_000 });
  await expectNoErrors(errors);
});
