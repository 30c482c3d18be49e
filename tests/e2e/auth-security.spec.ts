import { expect, islandsReady, test } from './fixtures';
import { apiSignUp, dashboard, newAccount, mailCount, nextMail, pathOf, uniqueEmail } from './auth-support';
import { indistinguishable, timedPairs } from '../support/timing';

/** Abuse and access rules over real HTTP against the built server. */

test('API validation answers 400 with the spec messages', async ({ request }) => {
  const cases: [string, unknown, string[]][] = [
    ['/api/auth/login', { email: 'x', password: '' }, ['Please enter a valid email address', 'Password is required']],
    [
      '/api/auth/register',
      { name: 'A', username: 'ab', email: 'x' },
      ['Name must be at least 2 characters', 'Username must be at least 3 characters', 'Please enter a valid email'],
    ],
    ['/api/auth/forgot-password', { email: 'x' }, ['Please enter a valid email address']],
    ['/api/auth/set-password', { email: 'a@b.co', token: '', password: '1' }, ['Token is required', 'Password must be at least 8 characters']],
  ];
  for (const [path, data, messages] of cases) {
    const r = await request.post(path, { data });
    expect(r.status(), path).toBe(400);
    const body = await r.json();
    expect(body.issues.map((i: { message: string }) => i.message).sort()).toEqual([...messages].sort());
  }
  expect((await request.post('/api/auth/login', { data: 'not json', headers: { 'content-type': 'application/json' } })).status()).toBe(400);
});

test('no user enumeration: identical answers and indistinguishable timing for known and unknown emails', async ({ request }) => {
  const { email } = await apiSignUp(request);
  const post = (path: string, answers: Set<string>, data: () => unknown) => async () => {
    const r = await request.post(path, { data: data() });
    answers.add(`${r.status()} ${await r.text()}`);
  };
  for (const [path, body] of [
    ['/api/auth/forgot-password', (address: string) => ({ email: address })],
    ['/api/auth/register', (address: string) => ({ name: 'Same Name', email: address })],
  ] as const) {
    const answers = new Set<string>();
    const timing = await timedPairs(
      post(path, answers, () => body(email)),
      post(path, answers, () => body(uniqueEmail('nobody'))),
    );
    expect(answers.size, `${path}: ${[...answers].join(' | ')}`).toBe(1);
    expect(indistinguishable(timing), `${path}: ${JSON.stringify(timing)}`).toBe(true);
  }
  const wrong = await request.post('/api/auth/login', { data: { email, password: 'wrong password' } });
  const nobody = await request.post('/api/auth/login', { data: { email: uniqueEmail('nobody'), password: 'wrong password' } });
  expect(wrong.status()).toBe(401);
  expect(await nobody.text()).toBe(await wrong.text());
});

test('a used link is refused', async ({ request }) => {
  const email = uniqueEmail('used');
  const before = mailCount(email);
  await request.post('/api/auth/register', { data: { name: 'Used Link', email } });
  const { link } = await nextMail(email, before);
  const token = new URL(link!).searchParams.get('token')!;
  expect((await request.post('/api/auth/set-password', { data: { email, token, password: 'password one' } })).status()).toBe(200);
  const again = await request.post('/api/auth/set-password', { data: { email, token, password: 'password two' } });
  expect(again.status()).toBe(400);
  expect((await again.json()).error).toBe('This link is invalid or has expired. Please request a new one.');
});

test('a stolen session cookie is useless after logout', async ({ browser, baseURL }) => {
  const victim = await browser.newContext();
  const { email } = await apiSignUp(victim.request);
  const cookie = (await victim.cookies()).find((c) => c.name === 'promptory_session')!;
  expect(cookie.httpOnly).toBe(true);
  expect(cookie.sameSite).toBe('Lax');
  const thief = await browser.newContext();
  await thief.addCookies([{ name: cookie.name, value: cookie.value, url: baseURL! }]);
  expect((await (await thief.request.get('/api/auth/me')).json()).user.email).toBe(email);
  expect((await victim.request.post('/api/auth/logout')).status()).toBe(200);
  expect((await (await thief.request.get('/api/auth/me')).json()).user).toBeNull();
  const page = await thief.newPage();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth\?next=%2Fdashboard$/);
  await victim.close();
  await thief.close();
});

test('signing in returns the user to the protected page that sent them, and only to a same-site path', async ({ browser, page, baseURL }) => {
  const { email, password } = await newAccount(browser);
  const signIn = async () => {
    const form = page.getByTestId('login-form');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password', { exact: true }).fill(password);
    await form.getByRole('button', { name: 'Sign In' }).click();
  };
  await page.goto('/dashboard/collections?lng=en');
  expect(new URL(page.url()).searchParams.get('next')).toBe('/dashboard/collections?lng=en');
  await islandsReady(page);
  await signIn();
  await page.waitForURL((url) => url.pathname === '/dashboard/collections');

  // Signed in, /auth forwards to a same-site `next`, and never off the site.
  await page.goto('/auth?next=%2Fprompts%3Ftab%3Dfavorites');
  await expect(page).toHaveURL(/\/prompts\?tab=favorites$/);
  for (const next of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
    await page.goto(`/auth?next=${encodeURIComponent(next)}`);
    expect(new URL(page.url()).origin, next).toBe(new URL(baseURL!).origin);
    expect(new URL(page.url()).pathname, next).toBe('/');
  }
  // Signing in from a crafted link lands on Home.
  await page.request.post('/api/auth/logout');
  await page.goto(`/auth?lng=en&next=${encodeURIComponent('//evil.example/')}`);
  await islandsReady(page);
  await signIn();
  await page.waitForURL((url) => url.pathname === '/');
});

test("the nav bar's Sign In returns to the page it was clicked on", async ({ browser, page }) => {
  const { email, password } = await newAccount(browser);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/prompts/1?lng=en');
  await islandsReady(page);
  await page.getByTestId('nav-sign-in').click();
  await page.waitForURL((url) => url.pathname === '/auth');
  expect(new URL(page.url()).searchParams.get('next')).toBe('/prompts/1?lng=en');
  await islandsReady(page);
  const form = page.getByTestId('login-form');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => url.pathname === '/prompts/1');
  await expect(page.getByTestId('user-menu')).toBeVisible();
});

test('set and reset password pages name the account the link is for, and only from the link', async ({ page }) => {
  const { email } = await apiSignUp(page.request);
  await page.request.post('/api/auth/logout');
  const before = mailCount(email);
  expect((await page.request.post('/api/auth/forgot-password', { data: { email } })).status()).toBe(200);
  const { link } = await nextMail(email, before);
  await page.goto(`${pathOf(link!)}&lng=en`);
  await islandsReady(page);
  const account = page.getByTestId('password-account');
  await expect(account).toContainText(/You are (setting|choosing a new) password for/);
  await expect(page.getByTestId('password-account-email')).toHaveText(email);
  // The registered name ("Api User") never shows: the page knows only what the link says.
  await expect(page.locator('main')).not.toContainText('Api User');

  // A crafted link for any address reads the same, so the page tells nothing about registration.
  const crafted = uniqueEmail('nobody');
  for (const [path, words] of [
    ['/auth/set-password', 'You are setting the password for'],
    ['/auth/reset-password', 'You are choosing a new password for'],
  ] as const) {
    await page.goto(`${path}?lng=en&email=${encodeURIComponent(crafted)}&token=made-up`);
    await expect(account).toContainText(words);
    await expect(page.getByTestId('password-account-email')).toHaveText(crafted);
  }
  await page.goto(`/auth/set-password?lng=zh-HK&email=${encodeURIComponent(crafted)}&token=made-up`);
  await expect(account).toContainText('你正在為以下電郵地址的帳戶設定密碼');
  await expect(page.getByTestId('password-account-email')).toHaveText(crafted);
});

test('admin guard: visitors go to /auth, normal users see Access Denied, the admin sees the admin page', async ({ browser, page }) => {
  // Three accounts and six page loads, the admin's through the emailed set-password form: about 30 s on a loaded 2-core machine.
  test.setTimeout(90_000);
  const visitor = await page.goto('/admin');
  expect(new URL(visitor!.url()).pathname).toBe('/auth');
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth\?next=%2Fdashboard$/);

  await apiSignUp(page.request);
  const denied = await page.goto('/admin?lng=en');
  expect(denied!.status()).toBe(403);
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText("You don't have admin permissions.")).toBeVisible();
  await page.goto('/dashboard?lng=en');
  await expect(page.getByTestId('dashboard-tab-collections')).toBeVisible();
  await expect(page.getByTestId('dashboard-tab-admin')).toHaveCount(0);

  // The ADMIN_EMAIL account was created at start; earlier specs may have used its first link already,
  // so the admin asks for a fresh one and sets the password through the emailed form.
  const admin = await browser.newContext();
  const adminPage = await admin.newPage();
  const before = mailCount('admin@promptory.test');
  expect((await admin.request.post('/api/auth/forgot-password', { data: { email: 'admin@promptory.test' } })).status()).toBe(200);
  const { link } = await nextMail('admin@promptory.test', before);
  await adminPage.goto(`${pathOf(link!)}&lng=en`);
  await islandsReady(adminPage);
  await adminPage.getByLabel('Password', { exact: true }).fill('admin password 1');
  await adminPage.getByLabel('Confirm password', { exact: true }).fill('admin password 1');
  await adminPage.getByTestId('set-password-submit').click();
  await adminPage.waitForURL((url) => url.pathname === '/');
  await adminPage.goto('/admin?lng=en');
  await expect(adminPage.getByTestId('admin-tab-pending')).toHaveText(dashboard.en.adminPage.tabs.pending);
  await expect(adminPage.getByTestId('admin-tab-statistics')).toHaveText(dashboard.en.adminPage.tabs.statistics);
  await adminPage.goto('/dashboard?tab=admin&lng=en');
  await expect(adminPage.getByTestId('dashboard-panel-admin')).toBeVisible();
  await admin.close();
});

test('profile shows initials, name and email read-only', async ({ page }) => {
  const { email } = await apiSignUp(page.request);
  await page.goto('/dashboard/profile?lng=en');
  await expect(page.getByTestId('profile-email')).toHaveValue(email);
  await expect(page.getByTestId('profile-email')).toHaveAttribute('readonly', '');
  await expect(page.getByTestId('profile-card').getByText('AU', { exact: true })).toBeVisible();
});

test('login rate limit trips with 429 (and recovers when the window is short)', async ({ request }) => {
  const { email, password } = await apiSignUp(request);
  const perAccount = Number(process.env.RATE_LIMIT_LOGIN_PER_ACCOUNT || 5);
  for (let i = 0; i < perAccount; i++) {
    expect((await request.post('/api/auth/login', { data: { email, password: `wrong ${i}` } })).status()).toBe(401);
  }
  const blocked = await request.post('/api/auth/login', { data: { email, password } });
  expect(blocked.status()).toBe(429);
  expect((await blocked.json()).error).toBe('Too many attempts. Please wait a few minutes and try again.');
  expect(Number(blocked.headers()['retry-after'])).toBeGreaterThan(0);
  const windowSeconds = Number(process.env.RATE_LIMIT_WINDOW_SECONDS || 900);
  if (windowSeconds <= 5) {
    await new Promise((r) => setTimeout(r, windowSeconds * 1000 + 300));
    expect((await request.post('/api/auth/login', { data: { email, password } })).status()).toBe(200);
  }
});

test('a cross-origin POST is refused; security headers are on every answer', async ({ request, page }) => {
  const evil = await request.post('/api/auth/register', {
    data: { name: 'Eve Evil', email: uniqueEmail('evil') },
    headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
  });
  expect(evil.status()).toBe(403);
  expect(await evil.json()).toMatchObject({ error: 'Cross-origin requests are not allowed.', code: 'accounts.crossOrigin' });
  expect((await request.post('/api/auth/logout', { headers: { origin: 'https://evil.example' } })).status()).toBe(403);

  const response = await page.goto('/auth');
  const headers = response!.headers();
  const csp = headers['content-security-policy'];
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toMatch(/script-src [^;]*'sha256-/);
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBeTruthy();
  const api = await request.get('/api/auth/me');
  expect(api.headers()['x-content-type-options']).toBe('nosniff');
  expect(api.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin');
});
