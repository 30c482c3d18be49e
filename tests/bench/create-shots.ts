/**
 * Screenshots of the create page's placeholder hint: before and after Convert, at
 * 360, 900 and 1280 px, light and dark, en and zh-HK, written to OUT_DIR (default
 * /tmp/shots-create) as create-<state>-<width>-<lng>-<theme>.png. Against a running build
 * started like the e2e server (its outbox in E2E_DATA_DIR):
 *   E2E_PORT=4530 E2E_DATA_DIR=/tmp/e2e-x npx tsx tests/bench/create-shots.ts [OUT_DIR]
 * Not part of npm test: it is for looking at, not asserting.
 */
import { shootSignedIn } from './shots-support';

const out = process.argv[2] ?? '/tmp/shots-create';
const content =
  'Improve my CV for the role of [Job title] at [Company name].\n\n[Paste your CV here]\n\nWrite to ${hiring manager} in a 【語氣】 tone, and see [the guide](https://example.com).';

await shootSignedIn(
  'create',
  out,
  async ({ page, lng, shot }) => {
    await page.goto(`/prompts/create?lng=${lng}&content=${encodeURIComponent(content)}`, { waitUntil: 'networkidle' });
    await page.getByTestId('placeholder-hint').waitFor();
    await shot('found');
    await page.getByTestId('placeholder-convert').click();
    await shot('converted');
  },
  { focus: (page) => page.getByTestId('placeholder-hint') },
);
