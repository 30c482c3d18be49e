import { expect, test } from './fixtures';
import { seedPrompts } from '../../src/server/seed/prompts-data';

test('the home page shows seeded prompts that link to their detail pages', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  const featured = seedPrompts.find((p) => p.isFeatured)!;
  const link = page.getByRole('link', { name: featured.title }).first();
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute('href', /^\/prompts\/\d+$/);
});
