import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { auth, collectCspViolations, mailCount, nextMail, pathOf, uniqueEmail, type Lng } from './auth-support';

/**
 * A new user's whole path, in both languages: register, read the link from the outbox,
 * set the password (short and mismatched first), land signed in, sign out, sign in,
 * forget the password, reset it, sign in with the new one.
 */
async function me(page: Page) {
  return (await (await page.request.get('/api/auth/me')).json()).user;
}

async function signOut(page: Page) {
  // The navigation's avatar menu (site layout) when present; the API otherwise.
  const menu = page.getByTestId('user-menu');
  if (await menu.isVisible().catch(() => false)) {
    await menu.click();
    await Promise.all([page.waitForEvent('load'), page.locator('[data-logout]:visible').first().click()]);
    await expect(page).toHaveURL((url) => url.pathname === '/');
  } else {
    expect((await page.request.post('/api/auth/logout')).status()).toBe(200);
  }
  await expect.poll(() => me(page)).toBeNull();
}

async function signIn(page: Page, lng: Lng, email: string, password: string) {
  const t = auth[lng];
  await page.goto(`/auth?lng=${lng}`);
  const form = page.getByTestId('login-form');
  await form.getByLabel(t.fields.email).fill(email);
  await form.getByLabel(t.fields.password, { exact: true }).fill(password);
  await form.getByRole('button', { name: t.login.submit }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect.poll(() => me(page).then((u) => u?.email)).toBe(email);
}

for (const lng of ['en', 'zh-HK'] as const) {
  test(`a new user registers, sets a password, signs out and in, and resets it (${lng})`, async ({ page }) => {
    test.setTimeout(90_000);
    const t = auth[lng];
    const csp = collectCspViolations(page);
    const email = uniqueEmail(`walk-${lng}`);

    // Register (the Register tab opens from ?tab=register); the side panel is there on desktop.
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.goto(`/auth?tab=register&lng=${lng}`);
    await expect(page.getByTestId('auth-side-panel')).toContainText(t.panel.tagline);
    await expect(page.getByRole('tab', { name: t.tabs.register })).toHaveAttribute('aria-selected', 'true');
    const register = page.getByTestId('register-form');
    // Validation first: the spec's messages, translated.
    await register.getByRole('button', { name: t.register.submit }).click();
    await expect(register.getByText(t.messages.nameMin.replace('{{limit}}', '2'))).toBeVisible();
    await expect(register.getByText(t.messages.registerEmail)).toBeVisible();
    await register.getByLabel(t.fields.name, { exact: true }).fill('Ann Lee');
    await register.getByLabel(t.fields.username).fill('ab');
    await register.getByRole('button', { name: t.register.submit }).click();
    await expect(register.getByText(t.messages.usernameMin.replace('{{limit}}', '3'))).toBeVisible();
    await register.getByLabel(t.fields.username).fill('');
    await register.getByLabel(t.fields.email, { exact: true }).fill(email);
    const before = mailCount(email);
    await register.getByRole('button', { name: t.register.submit }).click();

    // Back on Login with the email prefilled and the check-your-email message.
    await expect(page.getByRole('tab', { name: t.tabs.login })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('auth-notice')).toContainText(t.checkEmail.description);
    await expect(page.getByTestId('login-form').getByLabel(t.fields.email)).toHaveValue(email);
    expect(await me(page)).toBeNull(); // registration does not sign in

    // The link from the outbox opens the set-password view.
    const mail = await nextMail(email, before);
    expect(mail.link).toBeTruthy();
    await page.goto(`${pathOf(mail.link!)}&lng=${lng}`);
    const setForm = page.getByTestId('set-password-form');
    await expect(setForm).toBeVisible();
    const password = setForm.getByLabel(t.fields.password, { exact: true });
    const confirm = setForm.getByLabel(t.fields.confirmPassword, { exact: true });
    await password.fill('short');
    await confirm.fill('short');
    await setForm.getByRole('button', { name: t.setPassword.submit }).click();
    await expect(setForm.getByText(t.messages.passwordMin.replace('{{limit}}', '8'))).toBeVisible();
    await password.fill('first password 1');
    await confirm.fill('first password 2');
    await setForm.getByRole('button', { name: t.setPassword.submit }).click();
    await expect(page.getByTestId('error-confirmPassword')).toHaveText(t.messages.passwordsMismatch);
    await confirm.fill('first password 1');
    await setForm.getByRole('button', { name: t.setPassword.submit }).click();

    // Signed in, on the home page.
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => me(page).then((u) => u?.email)).toBe(email);

    await signOut(page);
    await signIn(page, lng, email, 'first password 1');
    await signOut(page);

    // Wrong password: the login failed message, translated.
    await page.goto(`/auth?lng=${lng}`);
    await page.getByTestId('login-form').getByLabel(t.fields.email).fill(email);
    await page.getByTestId('login-form').getByLabel(t.fields.password, { exact: true }).fill('not my password');
    await page.getByTestId('login-submit').click();
    await expect(page.getByText(t.messages.invalidCredentials).first()).toBeVisible();

    // Forgot password: the view with its back link, then back to login after the request.
    await page.getByTestId('forgot-link').click();
    await expect(page.getByTestId('back-to-login')).toHaveText(new RegExp(t.forgot.back));
    const forgot = page.getByTestId('forgot-form');
    await forgot.getByLabel(t.fields.email).fill(email);
    const beforeReset = mailCount(email);
    await forgot.getByRole('button', { name: t.forgot.submit }).click();
    await expect(page.getByTestId('login-form')).toBeVisible();
    await expect(page.getByTestId('auth-notice')).toContainText(t.resetSent.description);

    const reset = await nextMail(email, beforeReset);
    // The reset email opens the reset screen with the reset wording, not "Set your password".
    expect(new URL(reset.link!).pathname).toBe('/auth/reset-password');
    await page.goto(`${pathOf(reset.link!)}&lng=${lng}`);
    await expect(page.getByText(t.setPassword.resetTitle, { exact: true })).toBeVisible();
    const resetForm = page.getByTestId('set-password-form');
    await resetForm.getByLabel(t.fields.password, { exact: true }).fill('second password 2');
    await resetForm.getByLabel(t.fields.confirmPassword, { exact: true }).fill('second password 2');
    await resetForm.getByRole('button', { name: t.setPassword.submit }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => me(page).then((u) => u?.email)).toBe(email);
    await signOut(page);

    // The old password no longer works; the new one does.
    const old = await page.request.post('/api/auth/login', { data: { email, password: 'first password 1' } });
    expect(old.status()).toBe(401);
    await signIn(page, lng, email, 'second password 2');

    // A signed-in visitor who opens /auth goes home.
    await page.goto(`/auth?lng=${lng}`);
    await expect(page).toHaveURL((url) => url.pathname === '/');
    expect(csp).toEqual([]);
  });
}

test('login and forgot-password validation messages show on their fields', async ({ page }) => {
  const t = auth.en;
  await page.goto('/auth?lng=en');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('login-form').getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByTestId('login-form').getByText('Password is required')).toBeVisible();
  await page.getByTestId('forgot-link').click();
  await page.getByTestId('forgot-form').getByLabel(t.fields.email).fill('nope');
  await page.getByTestId('forgot-submit').click();
  await expect(page.getByTestId('forgot-form').getByText('Please enter a valid email address')).toBeVisible();
  await page.getByTestId('back-to-login').click();
  await expect(page.getByTestId('login-form')).toBeVisible();
});
