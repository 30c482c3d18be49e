import { expect, islandsReady, test } from './fixtures';
import { cardTitles, expectNoErrors, LANGS, prepare, T, THEMES, watchErrors } from './site-support';

/** Home, Community, Extension and Privacy policy, in both languages and themes. */

for (const lng of LANGS) {
  for (const theme of THEMES) {
    test(`home in ${lng}, ${theme}`, async ({ page, context, baseURL }) => {
      await prepare(context, baseURL!, lng, theme);
      const errors = watchErrors(page);
      await page.goto('/');
      await expect(page.getByTestId('cta-install')).toHaveAttribute('href', '/extension');
      await expect(page.getByTestId('cta-browse')).toHaveAttribute('href', '/prompts');
      await expect(page.getByRole('heading', { name: T[lng].featured })).toBeVisible();
      const featured = page.getByTestId('featured-grid').getByTestId('prompt-card');
      await expect(featured).toHaveCount(3);
      const cols = await page.getByTestId('featured-grid').evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
      expect(cols).toBe(3);
      await expect(page.getByRole('heading', { name: T[lng].editors, exact: true })).toBeVisible();
      const picks = page.getByTestId('editors-grid').locator('[data-variant="compact"]');
      await expect(picks).toHaveCount(4);
      expect(await page.getByTestId('editors-grid').evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length)).toBe(4);
      await expect(page.getByTestId('features').locator('li')).toHaveCount(4);
      await expect(page.locator('#promo-title')).toBeVisible();
      await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b).*$/);

      // The search bar takes the visitor to /prompts with the query applied.
      await page.locator('#home-q').fill('email');
      await page.locator('#home-q').press('Enter');
      await expect(page).toHaveURL(/\/prompts\?.*q=email/);
      for (const text of await page.getByTestId('prompt-card').allTextContents()) expect(text.toLowerCase()).toContain('email');
      await expectNoErrors(errors);
    });

    test(`community in ${lng}, ${theme}`, async ({ page, context, baseURL }) => {
      await prepare(context, baseURL!, lng, theme);
      const errors = watchErrors(page);
      await page.goto('/community');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(T[lng].communityTitle);
      const all = await page.getByTestId('prompt-card').allTextContents();
      expect(all.length).toBeGreaterThan(6);
      for (const text of all) expect(text).not.toContain('Promptory');

      const tabs = page.getByRole('navigation', { name: lng === 'en' ? 'Community lists' : '社群列表' });
      await tabs.getByRole('link', { name: T[lng].trending }).click();
      await expect(page).toHaveURL(/tab=trending/);
      await expect(page.getByTestId('prompt-card')).toHaveCount(6);
      const prompts = (await (await page.request.get('/api/prompts')).json()) as {
        title: string;
        authorName: string;
        usageCount: number;
        createdAt: string;
        id: number;
      }[];
      const community = prompts.filter((p) => !p.authorName.toLowerCase().includes('promptory'));
      const trending = [...community]
        .sort((a, b) => b.usageCount - a.usageCount || b.id - a.id)
        .slice(0, 6)
        .map((p) => p.title);
      expect(await cardTitles(page)).toEqual(trending);

      await tabs.getByRole('link', { name: T[lng].newest }).click();
      await expect(page).toHaveURL(/tab=newest/);
      const newest = [...community]
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id)
        .slice(0, 6)
        .map((p) => p.title);
      await expect.poll(() => cardTitles(page)).toEqual(newest);
      await expect(page.getByRole('searchbox')).toHaveCount(0);

      // All: filter bar with search, category and sort; empty state.
      await tabs.getByRole('link', { name: lng === 'en' ? 'All' : '全部', exact: true }).click();
      await page.getByRole('searchbox').fill('qqzzxxnothing');
      await page.getByRole('searchbox').press('Enter');
      await expect(page.getByTestId('empty-state')).toContainText(T[lng].noPrompts);
      await page.getByTestId('empty-state').getByRole('link', { name: T[lng].reset }).click();
      await expect(page).toHaveURL(/\/community$/);
      // The swapped-in search bar is a new island: it hydrates on arrival.
      await islandsReady(page);
      await page.getByRole('button', { name: T[lng].filters }).click();
      await page.getByLabel(lng === 'en' ? 'Sort by' : '排序方式').selectOption('popular');
      await expect(page).toHaveURL(/sort=popular/);
      await expect.poll(async () => (await cardTitles(page)).slice(0, 6)).toEqual(trending);
      await expectNoErrors(errors);
    });

    test(`extension page in ${lng}, ${theme}`, async ({ page, context, baseURL }) => {
      await prepare(context, baseURL!, lng, theme);
      const errors = watchErrors(page);
      await page.goto('/extension');
      const download = page.getByTestId('download-zip');
      await expect(download).toHaveAttribute('href', '/downloads/promptory-extension-1.0.2.zip');
      await expect(page.getByTestId('version-line')).toContainText('1.0.2');
      await expect(page.getByTestId('version-line')).toContainText(lng === 'en' ? 'Free' : '免費');
      await expect(page.getByTestId('install-steps').locator('li')).toHaveCount(7);
      await expect(page.getByTestId('faq').locator('details')).toHaveCount(5);
      const preview = page.getByTestId('side-panel-preview');
      await expect(preview).toBeVisible();
      // Nothing in the preview is clipped: no card (nor its heart) runs past the panel's edge.
      expect(await preview.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
      const edge = await preview.evaluate((el) => el.getBoundingClientRect().right);
      for (const card of await preview.locator('li').all()) expect((await card.boundingBox())!.x + (await card.boundingBox())!.width).toBeLessThanOrEqual(edge);
      // The demo sentence keeps its word gap before the quoted selection (English only).
      await expect(page.getByTestId('context-demo')).toContainText(lng === 'en' ? 'like “summarise the key points' : '例如「為忙碌的讀者');
      // The context-menu demo toggle.
      const menu = page.getByTestId('demo-menu');
      await expect(menu).toBeHidden();
      await page.getByText(lng === 'en' ? 'Show menu' : '顯示選單', { exact: true }).click();
      await expect(menu).toBeVisible();
      // Promptory's items are the extension's real menu: nothing it lacks.
      await expect(menu.locator('[data-menu-item]')).toHaveText(
        lng === 'en' ? ['Send to AI chat', 'Open in Promptory', 'Save as prompt'] : ['傳送到 AI 聊天', '在 Promptory 開啟', '儲存為提示詞'],
      );
      await page.getByText(lng === 'en' ? 'Show menu' : '顯示選單', { exact: true }).click();
      await expect(menu).toBeHidden();
      // The chat-box picker in three drawn frames, the keyboard command and the ten sites, in the page's language.
      const picker = page.getByTestId('composer-demo');
      await expect(picker.getByTestId('composer-demo-frame')).toHaveCount(3);
      await expect(picker.getByTestId('composer-demo-frame').nth(1)).toContainText(lng === 'en' ? '/sum' : '/總結');
      await expect(picker.getByTestId('composer-demo-shortcut')).toContainText('Alt+Shift+P');
      await expect(picker.getByTestId('composer-demo-sites').locator('li')).toHaveCount(10);
      await expect(picker.getByTestId('composer-demo-sites')).toContainText(lng === 'en' ? 'Doubao' : '豆包');
      // FAQ items open and close.
      const second = page.getByTestId('faq').locator('details').nth(1);
      await second.locator('summary').click();
      await expect(second).toHaveAttribute('open', '');
      await expectNoErrors(errors);
    });

    test(`privacy policy in ${lng}, ${theme}`, async ({ page, context, baseURL }) => {
      await prepare(context, baseURL!, lng, theme);
      await page.goto('/privacy-policy');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(T[lng].privacy);
      await expect(page.getByTestId('last-updated')).toHaveText(T[lng].lastUpdated);
      const body = await page.getByTestId('privacy').textContent();
      expect(body).toContain('13');
      for (const id of ['information-we-collect', 'how-we-use-information', 'browser-extension', 'sharing', 'security', 'your-rights', 'children', 'contact']) {
        await expect(page.locator(`#${id} h2`)).toBeVisible();
      }
    });
  }
}

test('the extension zip downloads: a real MV3 extension, version 1.0.2', async ({ request }) => {
  const response = await request.get('/downloads/promptory-extension-1.0.2.zip');
  expect(response.status()).toBe(200);
  const body = await response.body();
  expect(body.subarray(0, 2).toString()).toBe('PK');
  expect(body.includes(Buffer.from('manifest.json'))).toBe(true);
});
