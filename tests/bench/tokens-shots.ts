/**
 * Screenshots of the dashboard's access tokens: one token of each scope listed (the publish
 * scope's badge is the longest), at 360, 900 and 1280 px, en and zh-HK, light and dark. Written
 * to OUT_DIR (default /tmp/shots-tokens) as tokens-<width>-<lng>-<theme>.png. Against a
 * running build (links are read from DATA_DIR's outbox):
 *   BASE=http://127.0.0.1:5360 DATA_DIR=/tmp/tokens-shots npx tsx tests/bench/tokens-shots.ts [OUT_DIR]
 * Not part of npm test: it is for looking at, not asserting.
 */
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../support/chromium';
import { base, ok, shootAll, signUp } from './shots-support';

const out = process.argv[2] ?? '/tmp/shots-tokens';
const browser = await chromium.launch({ executablePath: chromiumPath(), args: [...chromiumArgs, '--headless'] });
const member = await browser.newContext();
await signUp(member.request, 'Token Keeper');
for (const [name, scope] of [
  ['Claude Desktop on my laptop', 'read'],
  ['Cursor', 'read-write'],
  ['My publishing assistant', 'publish'],
] as const) {
  await ok('token', member.request.post(`${base}/api/tokens`, { data: { name, scope, expiresInDays: 30 }, headers: { origin: base } }));
}
await shootAll(out, [['tokens', member, '/dashboard']]);
await browser.close();
