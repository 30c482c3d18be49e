/**
 * Screenshots of the import page: choosing a file (the format recognised), a picture refused on
 * the page, and the preview of a UTF-16 CSV from Excel (how it was read, its text, a shortened
 * title, an empty prompt column named by its line), a big file's preview grown by "Show 100
 * more" and its saving counted in the progress bar, at 360, 900 and 1280 px, light and dark,
 * en and zh-HK, written to OUT_DIR (default /tmp/shots-import) as
 * import-<state>-<width>-<lng>-<theme>.png. Against a running build started like the e2e server:
 *   E2E_PORT=6705 E2E_DATA_DIR=/tmp/e2e-x npx tsx tests/bench/import-shots.ts [OUT_DIR]
 * Not part of npm test: it is for looking at, not asserting.
 */
import { promptsChatLike } from '../support/prompts-chat-csv';
import { shootSignedIn } from './shots-support';

const out = process.argv[2] ?? '/tmp/shots-import';

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001', 'hex');
const longTitle = `A careful reviewer for pull requests that touch the database layer, its migrations and ${'its many queries '.repeat(3)}`;
const csv = `act,prompt\r\n旅遊規劃,請為我規劃{{天數:3}}天的\${城市}行程，並附上預算建議。\r\n"${longTitle}",Review this diff: {{diff}}\r\nEmpty one,\r\nShort note,Say hi\r\n`;
/** A big file each time: the same prompts twice would be duplicates, and nothing would be saved. */
let bigFiles = 0;
const bigFile = () => Buffer.from(promptsChatLike(250).replaceAll('case ', `case ${++bigFiles}.`));
const UTF16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(csv, 'utf16le')]);

await shootSignedIn(
  'import',
  out,
  async ({ page, lng, shot }) => {
    await page.goto(`/dashboard/import?lng=${lng}`, { waitUntil: 'networkidle' });
    await page.getByTestId('import-check').waitFor();
    await shot('choose');
    await page.getByTestId('import-file').setInputFiles({ name: 'screenshot.png', mimeType: 'image/png', buffer: PNG });
    await page.getByTestId('import-check').click();
    await page.getByTestId('import-error').waitFor();
    await shot('refused');
    await page.getByTestId('import-file').setInputFiles({ name: 'prompts.csv', mimeType: 'text/csv', buffer: UTF16 });
    await page.getByTestId('import-check').click();
    await page.getByTestId('import-read-as').waitFor();
    await shot('preview');

    await page.goto(`/dashboard/import?lng=${lng}`, { waitUntil: 'networkidle' });
    await page.getByTestId('import-file').setInputFiles({ name: 'big.csv', mimeType: 'text/csv', buffer: bigFile() });
    await page.getByTestId('import-check').click();
    await page.getByTestId('import-items-shown').waitFor();
    await page.getByTestId('import-items-shown').locator('xpath=..').getByRole('button').click();
    await shot('preview-more');
    // The answer is held until the bar shows the server's count, so the shot finds it there.
    let shotTaken: Promise<void> = Promise.resolve();
    await page.route('**/api/me/import', async (route) => {
      const answer = await route.fetch();
      await page.getByRole('progressbar').and(page.locator('[value]')).waitFor({ timeout: 60_000 });
      shotTaken = shot('saving');
      await shotTaken;
      await route.fulfill({ response: answer });
    });
    await page.getByTestId('import-run').click();
    await page.getByTestId('import-done').waitFor({ timeout: 120_000 });
    await shotTaken;
    await page.unroute('**/api/me/import');
  },
  { fullPage: true },
);
