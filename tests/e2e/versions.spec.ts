import type { Browser, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, islandsReady, test } from './fixtures';
import { adminSignIn, apiSignUp } from './auth-support';
import { expectNoErrors, LANGS, prepare, watchErrors, type Lang } from './site-support';

/**
 * Editing and versions, in both languages: a user saves a private prompt with
 * `{{主題}}` and `{{tone:formal|casual}}`, edits it twice, sees three versions with a diff,
 * restores version 1, submits it; the admin approves it; the author edits the published
 * prompt, and a visitor keeps seeing the published text until the admin approves the revision
 * from the Revisions tab (with its diff).
 */
const locale = (lng: Lang) => JSON.parse(readFileSync(new URL(`../../src/i18n/locales/${lng}/review.json`, import.meta.url), 'utf8'));

/** English runs in the light theme, Chinese in the dark one: axe checks the contrast of both. */
async function pageIn(browser: Browser, baseURL: string, lng: Lang): Promise<Page> {
  const context = await browser.newContext();
  await prepare(context, baseURL, lng, lng === 'en' ? 'light' : 'dark');
  return context.newPage();
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe's WCAG 2 A and AA rules (colour contrast included) inside `selector`: no violation.
 * Evaluated through the protocol, as the site's CSP refuses inline scripts.
 */
async function expectAccessible(page: Page, selector: string) {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async (within) => {
    const axe = (window as unknown as { axe: { run: (c: string, o: object) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run(within, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }, selector);
  expect(violations, violations.join('\n')).toEqual([]);
}

/** Opens a page and waits for its islands (these pages come from their own contexts, not the fixture's). */
async function go(page: Page, path: string) {
  const response = await page.goto(path);
  await islandsReady(page);
  return response;
}

/** Fills the edit page's form and saves it: only the fields given change. */
async function edit(page: Page, id: number, change: { title?: string; content?: string; note?: string }) {
  await go(page, `/prompts/${id}/edit`);
  const form = page.getByTestId('edit-form');
  if (change.title !== undefined) await form.locator('[name=title]').fill(change.title);
  if (change.content !== undefined) await form.locator('[name=content]').fill(change.content);
  if (change.note !== undefined) await form.locator('[name=note]').fill(change.note);
  await page.getByTestId('edit-save').click();
}

const V1 = '請用{{tone:formal|casual}}的語氣寫一篇關於{{主題}}的短文。';
const V2 = '請用{{tone:formal|casual}}的語氣寫一篇關於{{主題}}的文章，約三百字。';
const V3_TITLE_SUFFIX = ' (revised)';
const PUBLISHED_EDIT = `${V1}\nEnd with three questions for the reader.`;

for (const lng of LANGS) {
  test(`editing and versions in ${lng}: three versions, a diff, a restore, and a revision the public sees only once approved`, async ({ browser, baseURL }) => {
    test.setTimeout(240_000);
    const t = locale(lng);
    const title = `Versions ${lng} ${Date.now().toString(36)}`;

    // 1. The owner saves a private prompt with two variables.
    const owner = await pageIn(browser, baseURL!, lng);
    const errors = watchErrors(owner);
    await apiSignUp(owner.request);
    await go(owner, '/prompts/create');
    const create = owner.getByTestId('create-form');
    await create.locator('[name=title]').fill(title);
    await create.locator('[name=categoryId]').selectOption('2');
    await create.locator('[name=description]').fill('A short piece on any topic, in the tone you pick.');
    await create.locator('[name=content]').fill(V1);
    await create.getByRole('radio', { name: t.visibility.private }).check();
    await owner.getByTestId('create-prompt-send').click();
    await expect(owner).toHaveURL(/\/prompts\/\d+$/);
    const id = Number(new URL(owner.url()).pathname.split('/').pop());

    // Nobody else may edit it or see its history: a visitor is sent to sign in (and back), another
    // user and the admin (it is private) get the not-found page.
    const visitor = await pageIn(browser, baseURL!, lng);
    expect((await visitor.goto(`/prompts/${id}/edit`))?.status()).toBe(401);
    await expect(visitor).toHaveURL(new RegExp(`/auth\\?next=${encodeURIComponent(`/prompts/${id}/edit`)}$`));
    expect((await visitor.goto(`/prompts/${id}/versions`))?.status()).toBe(404);
    const other = await pageIn(browser, baseURL!, lng);
    await apiSignUp(other.request);
    expect((await other.goto(`/prompts/${id}/edit`))?.status()).toBe(404);
    await expect(other.getByTestId('not-found')).toBeVisible();
    expect((await other.goto(`/prompts/${id}/versions`))?.status()).toBe(404);
    const admin = await pageIn(browser, baseURL!, lng);
    await adminSignIn(admin.request);
    expect((await admin.goto(`/prompts/${id}/edit`))?.status()).toBe(404);

    // 2. Two edits from the edit page: the content (with a change note, counted), then the title.
    await go(owner, `/prompts/${id}/edit`);
    await expect(owner.getByTestId('published-notice')).toHaveCount(0);
    await expect(owner.getByTestId('edit-form').locator('[name=content]')).toHaveValue(V1);
    await owner.getByTestId('edit-form').locator('[name=note]').fill('Longer');
    await expect(owner.getByText('6/200')).toBeVisible();
    await owner.getByTestId('edit-form').locator('[name=content]').fill(V2);
    await owner.getByTestId('edit-save').click();
    await expect(owner).toHaveURL(new RegExp(`/prompts/${id}$`));
    await expect(owner.getByTestId('toast')).toContainText(t.edit.savedTitle);
    await expect(owner.getByTestId('own-prompt').getByTestId('prompt-content')).toHaveText(V2);
    await edit(owner, id, { title: `${title}${V3_TITLE_SUFFIX}` });
    await expect(owner).toHaveURL(new RegExp(`/prompts/${id}$`));

    // 3. Three versions; the newest compared with the one before, then version 1 with version 3.
    await owner.getByTestId('own-versions').click();
    await expect(owner).toHaveURL(new RegExp(`/prompts/${id}/versions$`));
    await islandsReady(owner);
    const versions = owner.getByTestId('version');
    await expect(versions).toHaveCount(3);
    await expect(versions.nth(2)).toHaveAttribute('data-current', 'true');
    await expect(versions.nth(0)).toHaveAttribute('data-status', 'draft');
    await expect(versions.nth(1).getByText('Longer')).toBeVisible();
    const diff = owner.getByTestId('version-diff');
    await expect(owner.getByTestId('diff-heading')).toHaveText(t.versions.diffTitle.replace('{{from}}', '2').replace('{{to}}', '3'));
    await expect(diff.getByTestId('diff-title').locator('ins').first()).toContainText(V3_TITLE_SUFFIX.trim());
    await expect(diff.getByTestId('diff-content')).toHaveAttribute('data-unchanged', '');
    await owner.getByRole('radio', { name: t.versions.compareFrom.replace('{{version}}', '1') }).check();
    await expect(owner).toHaveURL(new RegExp(`from=1&to=3`));
    // Chinese is compared character by character: 的短文 became 的文章，約三百字 (的 and 文 kept).
    const content = diff.getByTestId('diff-content-columns');
    await expect(content.locator('del')).toContainText(['短']);
    await expect(content.locator('ins')).toContainText(['章，約三百字']);
    // A reload keeps the choice (?from=&to=).
    await owner.reload();
    await islandsReady(owner);
    await expect(owner.getByTestId('diff-heading')).toHaveText(t.versions.diffTitle.replace('{{from}}', '1').replace('{{to}}', '3'));
    await expectAccessible(owner, 'main');

    // 4. Restore version 1: a fourth version, equal to the first, says where it came from.
    owner.once('dialog', (dialog) => void dialog.accept());
    await versions.nth(0).getByTestId('restore').click();
    await expect(owner.getByTestId('toast')).toContainText(t.versions.restoredTitle);
    await expect(versions).toHaveCount(4);
    await expect(versions.nth(3)).toHaveAttribute('data-current', 'true');
    await expect(versions.nth(3)).toContainText(t.versions.restoredFrom.replace('{{version}}', '1'));
    await go(owner, `/prompts/${id}`);
    await expect(owner.getByTestId('own-prompt').getByTestId('prompt-content')).toHaveText(V1);

    // 5. Submitted to the community from My Prompts; the admin approves it.
    await go(owner, '/dashboard?tab=submissions');
    const card = owner.locator(`[data-testid=submission][data-prompt-id="${id}"]`);
    owner.once('dialog', (dialog) => void dialog.accept());
    await card.getByTestId('share').click();
    await expect(card).toHaveAttribute('data-status', 'pending');
    expect((await admin.request.put(`/api/admin/prompts/${id}/review`, { data: { isApproved: true } })).status()).toBe(200);
    await expect.poll(async () => (await go(visitor, `/prompts/${id}`))?.status()).toBe(200);
    await expect(visitor.getByTestId('prompt-content')).toHaveText(V1);

    // 6. The author edits the published prompt: it waits for review as a revision.
    await go(owner, `/prompts/${id}/edit`);
    await expect(owner.getByTestId('published-notice')).toContainText(t.edit.publishedNotice);
    await expectAccessible(owner, 'main');
    await edit(owner, id, { content: PUBLISHED_EDIT, note: 'Questions at the end' });
    await expect(owner).toHaveURL(new RegExp(`/prompts/${id}/versions\\?to=5$`));
    await expect(owner.getByTestId('toast')).toContainText(t.edit.proposedTitle);
    await expect(owner.locator('[data-testid=version][data-version="5"]')).toHaveAttribute('data-status', 'pending');
    await expect(owner.getByTestId('diff-content-columns').locator('ins')).toContainText(['End with three questions for the reader.']);

    // The public still sees the published text, and its history lists only published versions.
    await go(visitor, `/prompts/${id}`);
    await expect(visitor.getByTestId('prompt-content')).toHaveText(V1);
    await go(visitor, `/prompts/${id}/versions`);
    await expect(visitor.getByTestId('version')).not.toHaveCount(0);
    await expect(visitor.locator('[data-testid=version][data-status="pending"]')).toHaveCount(0);
    await expect(visitor.getByTestId('restore')).toHaveCount(0);

    // My Prompts shows the revision waiting, with Withdraw revision.
    await go(owner, '/dashboard?tab=submissions');
    const revision = card.getByTestId('pending-revision');
    await expect(revision).toHaveAttribute('data-version', '5');
    await expect(revision.getByRole('button', { name: t.mine.withdrawRevision })).toBeVisible();
    await expectAccessible(owner, '[data-testid=my-submissions]');

    // 7. The admin approves the revision from the Revisions tab, which shows its diff.
    await go(admin, '/admin?tab=revisions');
    const queued = admin.locator(`[data-testid=revision][data-prompt-id="${id}"]`);
    await expect(queued.getByTestId('revision-diff').getByTestId('diff-content-columns').locator('ins')).toContainText([
      'End with three questions for the reader.',
    ]);
    await expectAccessible(admin, `[data-testid=revision][data-prompt-id="${id}"]`);
    await queued.getByTestId('approve').click();
    await expect(admin.getByTestId('toast')).toContainText(t.admin.successTitle);
    await expect(queued).toHaveCount(0);
    await expect.poll(async () => (await go(visitor, `/prompts/${id}`), await visitor.getByTestId('prompt-content').textContent())).toBe(PUBLISHED_EDIT);
    await expectNoErrors(errors);
  });
}

/** A card string of `prompts.json` with `count`, as i18next picks its plural form (zh-HK has only `_other`). */
function cardText(lng: Lang, key: 'uses' | 'ratings', count: number): string {
  const card = JSON.parse(readFileSync(new URL(`../../src/i18n/locales/${lng}/prompts.json`, import.meta.url), 'utf8')).card;
  return (card[`${key}_${count === 1 && card[`${key}_one`] ? 'one' : 'other'}`] as string).replace('{{formatted}}', String(count));
}

for (const lng of LANGS) {
  test(`each version lists its own uses and rating (${lng})`, async ({ browser, baseURL }) => {
    test.setTimeout(120_000);
    const prompts = JSON.parse(readFileSync(new URL(`../../src/i18n/locales/${lng}/prompts.json`, import.meta.url), 'utf8'));
    const owner = await pageIn(browser, baseURL!, lng);
    const errors = watchErrors(owner);
    await apiSignUp(owner.request);
    const submitted = await owner.request.post('/api/prompts', {
      data: { title: `Figures ${lng} ${Date.now().toString(36)}`, description: 'Counts each wording apart.', content: V1, categoryId: 2, authorName: 'Ada' },
    });
    expect(submitted.status()).toBe(201);
    const id = (await submitted.json()).id as number;
    const admin = await pageIn(browser, baseURL!, lng);
    await adminSignIn(admin.request);
    expect((await admin.request.put(`/api/admin/prompts/${id}/review`, { data: { isApproved: true } })).status()).toBe(200);

    // Version 1: a member copies it and rates it Helpful. Then the admin's edit makes version 2, which another member copies.
    const reader = await pageIn(browser, baseURL!, lng);
    await apiSignUp(reader.request);
    expect((await reader.request.put(`/api/prompts/${id}/use`)).status()).toBe(200);
    expect((await reader.request.post('/api/ratings', { data: { promptId: id, value: 5 } })).status()).toBeLessThan(300);
    expect((await admin.request.patch(`/api/prompts/${id}`, { data: { content: V2 } })).status()).toBe(200);
    const second = await pageIn(browser, baseURL!, lng);
    await apiSignUp(second.request);
    expect((await second.request.put(`/api/prompts/${id}/use`)).status()).toBe(200);

    // Anyone who sees a public prompt's history sees each version's figures; its author too.
    for (const viewer of [reader, owner]) {
      await go(viewer, `/prompts/${id}/versions`);
      const v1 = viewer.locator('[data-testid=version][data-version="1"]').getByTestId('version-figures');
      const v2 = viewer.locator('[data-testid=version][data-version="2"]').getByTestId('version-figures');
      await expect(v1.getByTestId('version-uses')).toHaveText(cardText(lng, 'uses', 1));
      await expect(v1.getByTestId('rating-stat')).toHaveText(`${prompts.card.helpful.replace('{{percent}}', '100')} · ${cardText(lng, 'ratings', 1)}`);
      await expect(v2.getByTestId('version-uses')).toHaveText(cardText(lng, 'uses', 1));
      await expect(v2.getByTestId('rating-stat')).toHaveText(prompts.card.noRatings);
    }
    await expectAccessible(owner, '[data-testid=versions]');
    await expectNoErrors(errors);
  });
}
