/**
 * Cuts a tall screenshot into viewport-sized parts for viewing:
 *   npx tsx tests/bench/site-crop.ts /tmp/shots/home-phone-dark-en.png [height]
 */
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../support/chromium';

const file = process.argv[2];
const height = Number(process.argv[3] ?? 900);
const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
const page = await browser.newPage();
const { readFileSync } = await import('node:fs');
await page.setContent(`<img src="data:image/png;base64,${readFileSync(file).toString('base64')}">`);
await page.waitForFunction(() => document.querySelector('img')?.complete);
const size = await page.evaluate(() => {
  const img = document.querySelector('img')!;
  return { w: img.naturalWidth, h: img.naturalHeight };
});
await page.setViewportSize({ width: size.w, height: Math.min(height, size.h) });
await page.addStyleTag({ content: 'body{margin:0} img{display:block}' });
let part = 0;
for (let y = 0; y < size.h; y += height) {
  part++;
  await page.screenshot({
    path: file.replace(/\.png$/, `.part${part}.png`),
    clip: { x: 0, y, width: size.w, height: Math.min(height, size.h - y) },
    fullPage: true,
  });
}
await browser.close();
console.log(`${part} parts`);
