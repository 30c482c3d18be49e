import { expect, test } from './fixtures';
import { apiSignUp } from './auth-support';

/**
 * What a user on a phone or tablet meets: the controls are there and nothing is
 * cut. Checked at the widths the review found wrong, in both languages.
 */
const LANGS = ['en', 'zh-HK'] as const;

test('from 768 to 1023 px the bar shows Install and a menu, and nothing runs past the screen', async ({ page }) => {
  for (const width of [768, 900, 1023]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/?lng=en');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Install' }).first(), `${width}`).toBeVisible();
    const menu = page.getByTestId('mobile-menu-button');
    await expect(menu, `${width}`).toBeVisible();
    await menu.click();
    await expect(page.locator('[data-mobile-menu]').getByRole('link', { name: 'Community' }), `${width}`).toBeVisible();
    expect(await nav.evaluate((el) => el.scrollWidth <= el.clientWidth), `${width}`).toBe(true);
  }
});

test('at 360 px every dashboard tab is whole and on screen', async ({ page }) => {
  await apiSignUp(page.request);
  await page.setViewportSize({ width: 360, height: 800 });
  for (const lng of LANGS) {
    await page.goto(`/dashboard?lng=${lng}`);
    const tabs = page.locator('[data-testid^=dashboard-tab-]');
    expect(await tabs.count()).toBeGreaterThanOrEqual(4);
    for (const tab of await tabs.all()) {
      const box = (await tab.boundingBox())!;
      expect(box.x, lng).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, lng).toBeLessThanOrEqual(360);
      // The label is not cut: the link is as wide as its content.
      expect(await tab.evaluate((el) => el.scrollWidth <= el.clientWidth), lng).toBe(true);
    }
  }
});

test('at 360 px the home search placeholder fits its box', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  for (const lng of LANGS) {
    await page.goto(`/?lng=${lng}`);
    const input = page.locator('input[name=q]').first();
    await expect(input).toBeVisible();
    const { text, room } = await input.evaluate((el: HTMLInputElement) => {
      const style = getComputedStyle(el);
      const ctx = document.createElement('canvas').getContext('2d')!;
      ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      return { text: ctx.measureText(el.placeholder).width, room: el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) };
    });
    expect(text, lng).toBeLessThanOrEqual(room);
  }
});
