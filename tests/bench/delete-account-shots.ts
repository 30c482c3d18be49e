/**
 * Screenshots of the profile's "Delete my account" card: closed, and open with a
 * wrong password refused, at 360, 900 and 1280 px, light and dark, en and zh-HK, written to
 * OUT_DIR (default /tmp/shots-delete) as delete-<state>-<width>-<lng>-<theme>.png. Against a
 * running build started like the e2e server (its outbox in E2E_DATA_DIR):
 *   E2E_PORT=4530 E2E_DATA_DIR=/tmp/e2e-x npx tsx tests/bench/delete-account-shots.ts [OUT_DIR]
 * Not part of npm test: it is for looking at, not asserting.
 */
import { shootSignedIn } from './shots-support';

const out = process.argv[2] ?? '/tmp/shots-delete';

await shootSignedIn(
  'delete',
  out,
  async ({ page, lng, shot }) => {
    await page.goto(`/dashboard/profile?lng=${lng}`, { waitUntil: 'networkidle' });
    const card = page.getByTestId('delete-account-card');
    await page.getByTestId('delete-account').waitFor();
    await shot('closed');
    await page.getByTestId('delete-account').click();
    await card.locator('input[type="password"]').fill('not my password');
    await page.getByTestId('delete-account-submit').click();
    await card.locator('[id$="-error"], [role="alert"]').first().waitFor();
    await shot('refused');
  },
  { focus: (page) => page.getByTestId('delete-account-card') },
);
