import { createHash, randomBytes } from 'node:crypto';
import { apiSignUp } from './auth-support';
import { expect, islandsReady, test } from './fixtures';

/**
 * The approval page: it approves only a request the extension made, and shows who
 * asks from what the site recorded, never from the link. (The 10-minute expiry is decided by
 * the server: tests/unit/device-decisions.test.ts and tests/integration/devices-api.test.ts.)
 */
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

test('the approval page shows the recorded request, ignores names in the link, and refuses unknown keys', async ({ page, baseURL }) => {
  await apiSignUp(page.request);
  const unknown = hashOf(randomBytes(32).toString('base64url'));
  await page.goto(`/extension/connect?lng=en&key=${unknown}&name=Evil`);
  await expect(page.getByTestId('connect-unknown')).toHaveText('This connection request is unknown. Open the extension and press Connect to start again.');
  await expect(page.getByTestId('connect-approve')).toHaveCount(0);

  // Asked from the site's own origin here (the extension asks from its chrome-extension:// origin).
  const key = hashOf(randomBytes(32).toString('base64url'));
  const asked = await page.request.post('/api/extension/connection-requests', {
    data: { name: 'Office PC', tokenHash: key },
    headers: {
      origin: baseURL!,
      'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    },
  });
  expect(asked.status()).toBe(201);
  await page.goto(`/extension/connect?lng=en&key=${key}&name=Evil`);
  await islandsReady(page);
  await expect(page.getByTestId('connect-name')).toHaveText('Office PC');
  await expect(page.getByTestId('connect-agent')).toHaveText('Chrome 131 on Windows');
  await expect(page.getByTestId('connect-origin')).toContainText(new URL(baseURL!).origin);
  // Not the extension's origin: the page says so.
  await expect(page.getByTestId('connect-foreign')).toBeVisible();
  await expect(page.getByTestId('connect-asked')).toHaveText(/now|minute/);
  await expect(page.getByTestId('connect-expires')).toHaveText(/in (9|10) minutes/);
  await expect(page.locator('main')).not.toContainText('Evil');
  await page.getByTestId('connect-approve').click();
  await expect(page.getByTestId('connect-done')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('connect-used')).toBeVisible();
});
