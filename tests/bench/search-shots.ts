/**
 * Screenshots of search results (marked words, the body's excerpt, the Relevance sort) and of
 * the empty search. Against a running build (the seed's prompts are enough):
 *   BASE=http://127.0.0.1:5210 npx tsx tests/bench/search-shots.ts [OUT_DIR]
 * Written to OUT_DIR (default /tmp/shots-search) as <page>-<width>-<lng>-<theme>.png; WIDTHS,
 * LNGS and THEMES narrow a run. Not part of npm test: it is for looking at, not asserting.
 */
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../support/chromium';
import { shootAll } from './shots-support';

const out = process.argv[2] ?? '/tmp/shots-search';
const browser = await chromium.launch({ executablePath: chromiumPath(), args: [...chromiumArgs, '--headless'] });
const visitor = await browser.newContext();
const openFilters = async (page: import('playwright-core').Page) => {
  await page.getByRole('button', { name: /Filters|篩選/ }).click();
};
await shootAll(out, [
  ['results-latin', visitor, '/prompts?q=review', openFilters],
  ['results-chinese', visitor, `/prompts?q=${encodeURIComponent('电邮')}`],
  ['empty', visitor, `/prompts?q=${encodeURIComponent('zzqq xxvv')}&category=coding`],
]);
await browser.close();
