import { chromium, expect, request as playwrightRequest, test, type BrowserContext, type Page, type Worker } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { EXTENSION_ID, EXTENSION_VERSION, extensionZipName } from '../../modules/devices/contracts';
import { fillTemplate } from '../../modules/prompts/contracts';
import { chromiumArgs, chromiumPath } from '../support/chromium';
import { ownE2eServer } from '../support/e2e-servers';
import { adminSignIn, apiSignUp, mailCount, nextMail } from './auth-support';
import { bidi, emoji, markdown, markup, word, zeroWidth } from './hostile-support';
import { startFixtureServer, type FixtureServer } from './composer-sites/server';

/**
 * The built extension in real Chromium against the running server: the zip the site serves
 * is unpacked and loaded (so it is configured for this server), then driven through its pages
 * and its service worker (Playwright cannot click a native context menu, so the tests call the
 * menu handler the worker exposes, with what Chrome would pass).
 */
const en = JSON.parse(readFileSync('src/i18n/locales/en/extension.json', 'utf8'));
const zh = JSON.parse(readFileSync('src/i18n/locales/zh-HK/extension.json', 'utf8'));
const zhReview = JSON.parse(readFileSync('src/i18n/locales/zh-HK/review.json', 'utf8'));
const prompts = JSON.parse(readFileSync('src/i18n/locales/en/prompts.json', 'utf8'));
const server = ownE2eServer();
const site = server.url;

test.describe.configure({ mode: 'serial' });

let dir: string;
let userDataDir: string;
let context: BrowserContext;
let worker: Worker;
let fixtures: FixtureServer;

function files(root: string, at = root): string[] {
  return readdirSync(at).flatMap((name) => {
    const path = join(at, name);
    return statSync(path).isDirectory() ? files(root, path) : [relative(root, path)];
  });
}

async function panel(): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`chrome-extension://${EXTENSION_ID}/sidepanel.html`);
  return page;
}

/** Runs the context-menu handler in the worker, as a click on "Send", "Open" or "Save" would. */
const menu = (menuItemId: string, selectionText: string, pageUrl = 'https://news.example/story') =>
  worker.evaluate(([id, text, url]) => (globalThis as any).promptory.onMenuClick({ menuItemId: id, selectionText: text, pageUrl: url }), [
    menuItemId,
    selectionText,
    pageUrl,
  ] as const) as Promise<string>;

/** The tab the extension opened at an address starting with `prefix` (new tabs start blank, so poll). */
async function pageAt(prefix: string): Promise<Page> {
  let found: Page | undefined;
  await expect.poll(() => (found = context.pages().find((p) => p.url().startsWith(prefix))) !== undefined).toBe(true);
  return found!;
}

/**
 * The chat site's tab a Send opened, once its composer holds `text` (the fixture's editor model):
 * the text came through extension storage, never in the address.
 */
async function composerGot(origin: string, text: string): Promise<Page> {
  const chat = await pageAt(origin);
  await expect.poll(() => chat.evaluate(() => (window as any).fixture?.model() ?? null)).toBe(text);
  expect(chat.url()).toBe(origin);
  return chat;
}

test.beforeAll(async ({ request }) => {
  // The zip a user downloads from /extension: unpack it and load exactly that.
  const download = await request.get(`/downloads/${extensionZipName()}`);
  expect(download.status()).toBe(200);
  expect(download.headers()['content-type']).toBe('application/zip');
  dir = mkdtempSync(join(tmpdir(), 'promptory-ext-'));
  writeFileSync(join(dir, 'extension.zip'), await download.body());
  execFileSync('unzip', ['-q', join(dir, 'extension.zip'), '-d', join(dir, 'unpacked')]);
  userDataDir = mkdtempSync(join(tmpdir(), 'promptory-ext-profile-'));
  const unpacked = join(dir, 'unpacked');
  // The chat sites at their real host names (composer-sites/), so a Send reaches a real composer.
  fixtures = await startFixtureServer(server.port + 8);
  context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath(),
    headless: false,
    baseURL: site,
    args: [...chromiumArgs, ...fixtures.chromiumArgs, '--headless=new', `--disable-extensions-except=${unpacked}`, `--load-extension=${unpacked}`],
  });
  // A page outside the test: answer it locally so opened tabs settle.
  await context.route(/^https:\/\/news\.example\//, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>chat</title>ok' }));
  worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
});

test.afterAll(async () => {
  await context?.close();
  await fixtures?.close();
  rmSync(dir, { recursive: true, force: true });
  rmSync(userDataDir, { recursive: true, force: true });
});

test('the zip the site serves is the built extension 1.0.2, configured for this site, and its worker starts', async () => {
  const unpacked = join(dir, 'unpacked');
  const manifest = JSON.parse(readFileSync(join(unpacked, 'manifest.json'), 'utf8'));
  expect(manifest.version).toBe(EXTENSION_VERSION);
  expect(manifest.manifest_version).toBe(3);
  expect(manifest.host_permissions).toEqual([`${site}/*`]);
  expect(JSON.parse(readFileSync(join(unpacked, 'config.json'), 'utf8'))).toEqual({ siteUrl: site });
  // Same files as the build, byte for byte, apart from the two that name the site.
  const built = 'extension/dist/unpacked';
  expect(files(unpacked).sort()).toEqual(files(built).sort());
  for (const file of files(built).filter((f) => f !== 'manifest.json' && f !== 'config.json')) {
    expect(readFileSync(join(unpacked, file)).equals(readFileSync(join(built, file))), file).toBe(true);
  }
  // The manifest key fixes the id, so the site can name the extension's origin.
  expect(new URL(worker.url()).host).toBe(EXTENSION_ID);
  expect(new URL(worker.url()).pathname).toBe('/background.js');
  // The page links exactly this version.
  const page = await context.newPage();
  await page.goto('/extension?lng=en');
  await expect(page.getByTestId('download-zip')).toHaveAttribute('href', `/downloads/${extensionZipName()}`);
  await page.close();
});

test('the side panel lists prompts from the server, with search and category served by the site', async () => {
  const page = await panel();
  await expect(page.getByTestId('prompt').first()).toBeVisible();
  const all = await page.getByTestId('prompt').count();
  expect(all).toBeGreaterThan(5);
  const server = (await (await context.request.get('/api/extension/prompts')).json()) as { title: string }[];
  await expect(page.getByTestId('prompt').locator('h2')).toHaveText(server.map((p) => p.title));

  await page.getByLabel(en.panel.allCategories).selectOption({ label: 'Coding' });
  const coding = (await (await context.request.get('/api/extension/prompts?categoryId=2')).json()) as { title: string }[];
  await expect(page.getByTestId('prompt').locator('h2')).toHaveText(coding.map((p) => p.title));

  await page.getByLabel(en.panel.allCategories).selectOption({ label: en.panel.allCategories });
  await page.getByRole('searchbox').fill('zzzz-nothing-matches');
  await page.getByRole('button', { name: en.panel.searchButton }).click();
  await expect(page.getByTestId('empty')).toHaveText(en.panel.empty);
  await page.close();
});

test('signed out: favourites and saving say clearly that the extension is not connected', async () => {
  const page = await panel();
  await page.getByTestId('tab-favorites').click();
  await expect(page.getByTestId('message')).toHaveText(en.errors.signedOut);
  await page.getByTestId('tab-mine').click();
  await expect(page.getByTestId('message')).toHaveText(en.errors.signedOut);

  await menu('promptory-save', 'Explain this paragraph as if I were twelve years old.');
  const save = await pageAt(`chrome-extension://${EXTENSION_ID}/save.html`);
  await expect(save.getByTestId('message').first()).toHaveText(en.errors.signedOut);
  await save.getByLabel(en.save.titleLabel).fill('A prompt from a page');
  await save.getByLabel(en.save.categoryLabel).selectOption({ label: 'Education' });
  await save.getByLabel(en.save.descriptionLabel).fill('Explains a paragraph simply');
  await save.getByTestId('save-submit').click();
  await expect(save.getByRole('alert').filter({ hasText: en.errors.signedOut })).toHaveCount(2);
  await save.close();
  await page.close();
});

test('offline: the side panel says so instead of showing an empty library', async () => {
  const page = await panel();
  await expect(page.getByTestId('prompt').first()).toBeVisible();
  await context.setOffline(true);
  await page.getByRole('button', { name: en.panel.searchButton }).click();
  await expect(page.getByTestId('message')).toHaveText(en.errors.offline.replace('{{site}}', new URL(site).host));
  await context.setOffline(false);
  await page.getByRole('button', { name: en.panel.searchButton }).click();
  await expect(page.getByTestId('prompt').first()).toBeVisible();
  await page.close();
});

test("Send opens the chosen chat site and its composer takes the text over; Open builds the create page's address", async () => {
  const text = 'Summarise: cats & dogs?';
  expect(await menu('promptory-send', text)).toEqual({ kind: 'opened', url: 'https://chatgpt.com/', copied: false });
  await (await composerGot('https://chatgpt.com/', text)).close();

  expect(await menu('promptory-open', 'Write a haiku')).toBe(`${site}/prompts/create?content=Write+a+haiku`);

  // Options: Claude, with the page's address.
  const options = await context.newPage();
  await options.goto(`chrome-extension://${EXTENSION_ID}/options.html`);
  await expect(options.getByLabel(en.options.site)).toHaveValue(site);
  await options.getByLabel(en.options.service).selectOption({ label: 'Claude' });
  await options.getByLabel(en.options.includeUrl).check();
  await options.getByRole('button', { name: en.options.save }).click();
  await expect(options.getByTestId('message')).toHaveText(en.options.saved);
  expect(await menu('promptory-send', 'Hello', 'https://news.example/a')).toEqual({ kind: 'opened', url: 'https://claude.ai/new', copied: false });
  const claude = await composerGot('https://claude.ai/new', 'Hello\n\nSource: https://news.example/a');

  // With a chat site in the active tab, Send goes into its composer instead of opening another.
  await claude.bringToFront();
  expect(await menu('promptory-send', 'And more', 'https://news.example/b')).toMatchObject({ kind: 'inserted', inserted: true });
  await expect.poll(() => claude.evaluate(() => (window as any).fixture.model())).toContain('And more');
  await claude.close();

  // The side panel's Send uses the same service (through the fill-in form: the seeded prompts have blanks).
  const page = await panel();
  const first = page.getByTestId('prompt').first();
  await expect(first.getByTestId('send')).toHaveText('Send to Claude');
  await first.getByTestId('send').click();
  await first.getByTestId('fill-submit').click();
  const content = ((await (await context.request.get('/api/extension/prompts')).json()) as { content: string }[])[0].content;
  const unfilled = fillTemplate(content, {}).trim();
  await (await composerGot('https://claude.ai/new', unfilled)).close();

  // Back to the defaults for the next tests.
  await options.getByLabel(en.options.service).selectOption({ label: 'ChatGPT' });
  await options.getByLabel(en.options.includeUrl).uncheck();
  await options.getByRole('button', { name: en.options.save }).click();
  await options.close();
  await page.close();
});

test("the side panel fills in a prompt's variables before Copy and Send, and offers the last values again", async () => {
  test.setTimeout(60_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const listed = (await (await context.request.get('/api/extension/prompts?q=SQL+Query+Builder')).json()) as { id: number; title: string; content: string }[];
  const prompt = listed.find((p) => p.title === 'SQL Query Builder From Plain English')!;
  const usageCount = async () => ((await (await context.request.get(`/api/prompts/${prompt.id}`)).json()) as { usageCount: number }).usageCount;
  const usesBefore = await usageCount();

  const page = await panel();
  const find = async () => {
    await page.getByRole('searchbox').fill('SQL Query Builder');
    await page.getByRole('button', { name: en.panel.searchButton }).click();
    const item = page.getByTestId('prompt').filter({ has: page.getByRole('heading', { name: prompt.title, exact: true }) });
    await expect(item).toHaveCount(1);
    return item;
  };
  let item = await find();

  // Copy opens the form: a select for the choice, a textarea for the block, an input otherwise; focus on the first empty field.
  await item.getByTestId('copy').click();
  const form = item.getByRole('form', { name: prompts.fill.title });
  await expect(form).toBeVisible();
  await expect(item.getByTestId('copy')).toHaveAttribute('aria-expanded', 'true');
  const database = form.getByLabel('Database', { exact: true });
  const tables = form.getByLabel('Table definitions', { exact: true });
  const question = form.getByLabel('Question I want answered', { exact: true });
  await expect(database).toHaveJSProperty('tagName', 'SELECT');
  await expect(database).toHaveValue('PostgreSQL');
  await expect(tables).toHaveJSProperty('tagName', 'TEXTAREA');
  await expect(question).toHaveJSProperty('tagName', 'INPUT');
  await expect(tables).toBeFocused();

  // The preview follows the typing; Enter in a single-line field copies the filled text.
  const values = {
    Database: 'SQLite',
    'Table definitions': 'orders(id, customer_id, total)\ncustomers(id, name)',
    'Question I want answered': 'Top 5 customers by total',
  };
  await database.selectOption(values.Database);
  await tables.fill(values['Table definitions']);
  await question.fill(values['Question I want answered']);
  await expect(form.getByTestId('fill-preview')).toContainText('Top 5 customers by total');
  await expect(form.getByTestId('fill-preview').locator('mark[data-var="Anything special"]')).toHaveText('{{Anything special}}');
  await question.press('Enter');
  await expect(form).toHaveCount(0);
  await expect(item.getByTestId('copy')).toBeFocused();
  await expect(item.getByTestId('copy')).toHaveText(en.panel.copied);
  const filled = fillTemplate(prompt.content, values);
  expect(filled).not.toContain('{{Question I want answered}}');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(filled);
  await expect.poll(usageCount).toBe(usesBefore + 1);

  // Reopened in a fresh panel, Send offers the values last filled in (kept in the extension's storage); Escape cancels.
  await page.reload();
  item = await find();
  await item.getByTestId('send').click();
  await expect(form).toBeVisible();
  await expect(database).toHaveValue('SQLite');
  await expect(tables).toHaveValue(values['Table definitions']);
  await expect(question).toHaveValue(values['Question I want answered']);
  await expect(form.getByTestId('fill-submit')).toHaveText(en.fill.send);
  await form.getByLabel('Anything special', { exact: true }).press('Escape');
  await expect(form).toHaveCount(0);
  await expect(item.getByTestId('send')).toBeFocused();

  // Ctrl+Enter in the long field sends the filled text to the chosen service (ChatGPT's composer).
  // The form first takes focus to its empty field, a frame after it opens: typing starts after that, as a person's would.
  await item.getByTestId('send').click();
  await expect(form.getByLabel('Anything special', { exact: true })).toBeFocused();
  await question.fill('Customers with no orders');
  await tables.press('Control+Enter');
  const sentText = fillTemplate(prompt.content, { ...values, 'Question I want answered': 'Customers with no orders' }).trim();
  await (await composerGot('https://chatgpt.com/', sentText)).close();
  await expect(form).toHaveCount(0);
  await page.close();
});

test('a prompt without variables is copied and sent as it is, with no form', async () => {
  // Every seeded prompt has blanks: the admin publishes one without.
  const admin = await playwrightRequest.newContext({ baseURL: site });
  await adminSignIn(admin);
  const title = `Plain prompt ${Date.now().toString(36)}`;
  const content = 'Explain the difference between a list and a tuple in Python, with one example of each.';
  const created = await admin.post('/api/prompts', { data: { title, description: 'A prompt with no blanks to fill in', content, categoryId: 2 } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  expect((await admin.put(`/api/admin/prompts/${id}/review`, { data: { isApproved: true } })).status()).toBe(200);
  await admin.dispose();

  const page = await panel();
  await page.getByRole('searchbox').fill(title);
  await page.getByRole('button', { name: en.panel.searchButton }).click();
  const item = page.getByTestId('prompt').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
  await item.getByTestId('copy').click();
  await expect(item.getByTestId('copy')).toHaveText(en.panel.copied);
  await expect(item.getByTestId('fill-form')).toHaveCount(0);
  await expect(item.getByTestId('copy')).not.toHaveAttribute('aria-expanded');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(content);
  await item.getByTestId('send').click();
  await (await composerGot('https://chatgpt.com/', content)).close();
  await expect(item.getByTestId('fill-form')).toHaveCount(0);
  await page.close();
});

test("the save form speaks the user's language, its validation messages included (zh-HK)", async () => {
  const options = await context.newPage();
  await options.goto(`chrome-extension://${EXTENSION_ID}/options.html`);
  await options.getByLabel(en.options.language).selectOption('zh-HK');
  await options.getByRole('button', { name: en.options.save }).click();
  await expect(options.getByTestId('message')).toHaveText(zh.options.saved);

  await menu('promptory-save', 'Explain this paragraph as if I were twelve years old.');
  const save = await pageAt(`chrome-extension://${EXTENSION_ID}/save.html`);
  // Private by default, and said so, in Chinese too.
  await expect(save.getByText(zh.save.intro)).toBeVisible();
  await expect(save.getByRole('radio', { name: zh.save.private })).toBeChecked();
  await expect(save.getByTestId('save-submit')).toHaveText(zh.save.savePrivate);
  await save.getByRole('radio', { name: zh.save.public }).check();
  await expect(save.getByTestId('save-submit')).toHaveText(zh.save.submit);
  await save.getByLabel(zh.save.titleLabel).fill('Tiny');
  await save.getByTestId('save-submit').click();
  await expect(save.locator('#title-error')).toHaveText(zhReview.validation.titleMin.replace('{{limit}}', '5'));
  await expect(save.locator('#categoryId-error')).toHaveText(zhReview.validation.category);
  await expect(save.locator('#description-error')).toHaveText(zhReview.validation.descriptionMin.replace('{{limit}}', '20'));
  await save.close();

  // Back to English for the next tests.
  await options.getByLabel(zh.options.language).selectOption('en');
  await options.getByRole('button', { name: zh.options.save }).click();
  await expect(options.getByTestId('message')).toHaveText(en.options.saved);
  await options.close();
});

test('after the user approves the device on the site, the panel shows their favourites and My Prompts; a saved selection is private unless made public', async () => {
  test.setTimeout(90_000);
  // The user signs in to the site in this browser and bookmarks a prompt there.
  await apiSignUp(context.request);
  const favorite = (await (await context.request.get('/api/extension/prompts?categoryId=3')).json())[0] as { id: number; title: string };
  expect((await context.request.post('/api/favorites', { data: { promptId: favorite.id } })).status()).toBe(201);

  const page = await panel();
  await page.getByTestId('connect').click();
  await expect(page.getByTestId('connect-code')).toHaveText(/^[0-9A-F]{4}-[0-9A-F]{4}$/);
  const code = await page.getByTestId('connect-code').textContent();
  const connect = await pageAt(`${site}/extension/connect?key=`);
  await expect(connect.getByTestId('connect-code')).toHaveText(code!);
  // Who asks, as the extension told the site before opening the page.
  await expect(connect.getByTestId('connect-name')).toHaveText(/^Chrome/);
  await expect(connect.getByTestId('connect-agent')).toHaveText(/^Chrome \d+ on Linux$/);
  await expect(connect.getByTestId('connect-origin')).toContainText(`chrome-extension://${EXTENSION_ID}`);
  await expect(connect.getByTestId('connect-foreign')).toHaveCount(0);
  await expect(connect.getByTestId('connect-expires')).toHaveAttribute('datetime', /Z$/);
  await connect.getByTestId('connect-approve').click();
  await expect(connect.getByTestId('connect-done')).toBeVisible();
  await expect(page.getByTestId('account')).toContainText('Api User');

  await page.getByTestId('tab-favorites').click();
  await expect(page.getByTestId('prompt').locator('h2')).toHaveText([favorite.title]);
  // A page at a time, newest first: 20 more bookmarks, then Load more brings the first one.
  const library = (await (await context.request.get('/api/prompts')).json()) as { id: number }[];
  for (const p of library.filter((p) => p.id !== favorite.id).slice(0, 20))
    expect((await context.request.post('/api/favorites', { data: { promptId: p.id } })).status()).toBe(201);
  await page.reload();
  await page.getByTestId('tab-favorites').click();
  await expect(page.getByTestId('prompt')).toHaveCount(20);
  await page.getByTestId('load-more').click();
  await expect(page.getByTestId('prompt')).toHaveCount(21);
  await expect(page.getByTestId('prompt').last().locator('h2')).toHaveText(favorite.title);
  await expect(page.getByTestId('load-more')).toHaveCount(0);

  // Save selection as prompt: the spec's validation first; private unless the user picks Public.
  const selection = 'Rewrite the selected paragraph in plain English for {{reader:a general reader|a child}}.';
  await menu('promptory-save', selection);
  const save = await pageAt(`chrome-extension://${EXTENSION_ID}/save.html`);
  await expect(save.getByLabel(en.save.contentLabel)).toHaveValue(selection);
  await expect(save.getByText(en.save.intro)).toBeVisible();
  await expect(save.getByRole('radio', { name: en.save.private })).toBeChecked();
  await expect(save.getByRole('radio', { name: en.save.public })).not.toBeChecked();
  await expect(save.getByRole('radio', { name: en.save.private })).toHaveAccessibleDescription(en.save.privateHint);
  await expect(save.getByTestId('save-submit')).toHaveText(en.save.savePrivate);
  await save.getByLabel(en.save.titleLabel).fill('Tiny');
  await save.getByTestId('save-submit').click();
  await expect(save.getByText('Title must be at least 5 characters.')).toBeVisible();
  await expect(save.getByText('Please select a category.')).toBeVisible();
  await expect(save.getByText('Description must be at least 20 characters.')).toBeVisible();
  const stamp = Date.now().toString(36);
  const kept = `Plain English rewrite ${stamp}`;
  await save.getByLabel(en.save.titleLabel).fill(kept);
  await save.getByLabel(en.save.categoryLabel).selectOption({ label: 'Writing' });
  await save.getByLabel(en.save.descriptionLabel).fill('Turns dense text into plain English');
  await save.getByTestId('save-submit').click();
  await expect(save.getByTestId('message')).toHaveText(en.save.donePrivate.replace('{{title}}', kept));
  await save.close();

  // Checked through the API: private, the user's own, in no public list.
  const mine = ((await (await context.request.get(`/api/prompts/my?q=${stamp}`)).json()) as { items: { id: number; title: string; status: string }[] }).items;
  expect(mine.map((p) => [p.title, p.status])).toEqual([[kept, 'private']]);
  const publicTitles = async (path: string) => ((await (await context.request.get(path)).json()) as { title: string }[]).map((p) => p.title);
  expect(await publicTitles('/api/prompts')).not.toContain(kept);
  expect(await publicTitles(`/api/extension/prompts?q=${stamp}`)).toEqual([]);
  const visitor = await playwrightRequest.newContext({ baseURL: site });
  expect((await visitor.get(`/api/prompts/${mine[0].id}`)).status()).toBe(404);
  await visitor.dispose();

  // The My Prompts tab lists it with its status; Copy fills its variable first, as in the library.
  await page.getByTestId('tab-mine').click();
  const item = page.getByTestId('prompt').filter({ has: page.getByRole('heading', { name: kept, exact: true }) });
  await expect(item.getByTestId('status')).toHaveText(en.panel.status.private);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await item.getByTestId('copy').click();
  await item.getByRole('form', { name: prompts.fill.title }).getByLabel('reader', { exact: true }).selectOption('a child');
  await item.getByTestId('fill-submit').click();
  await expect(item.getByTestId('copy')).toHaveText(en.panel.copied);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('Rewrite the selected paragraph in plain English for a child.');

  // Paged (20 at a time) and searchable: 20 more private prompts of this user, then the search finds only the first.
  for (let i = 1; i <= 20; i++) {
    const more = {
      title: `Kept ${stamp} number ${i}`,
      description: 'Another prompt kept for myself',
      content: 'Say hello in a friendly way.',
      categoryId: 1,
      visibility: 'private',
    };
    expect((await context.request.post('/api/prompts', { data: more })).status()).toBe(201);
  }
  await page.getByRole('searchbox', { name: en.panel.mineSearch }).fill(stamp);
  await page.getByRole('button', { name: en.panel.searchButton }).click();
  await expect(page.getByTestId('prompt')).toHaveCount(20);
  await expect(page.getByTestId('prompt').first().locator('h2')).toHaveText(`Kept ${stamp} number 20`);
  await page.getByTestId('load-more').click();
  await expect(page.getByTestId('prompt')).toHaveCount(21);
  await expect(page.getByTestId('prompt').last().locator('h2')).toHaveText(kept);
  await expect(page.getByTestId('load-more')).toHaveCount(0);
  await page.getByRole('searchbox', { name: en.panel.mineSearch }).fill(`Plain English rewrite ${stamp}`);
  await page.getByRole('button', { name: en.panel.searchButton }).click();
  await expect(page.getByTestId('prompt').locator('h2')).toHaveText([kept]);
  await page.getByRole('searchbox', { name: en.panel.mineSearch }).fill(`no such prompt ${stamp}`);
  await page.getByRole('button', { name: en.panel.searchButton }).click();
  await expect(page.getByTestId('empty')).toHaveText(en.panel.mineNoMatch);

  // Public instead: submitted for review, pending in My Prompts.
  await menu('promptory-save', 'Summarise the selected text in three short bullet points for a busy reader.');
  const share = await pageAt(`chrome-extension://${EXTENSION_ID}/save.html`);
  const title = `Bullet summary ${stamp}`;
  await share.getByLabel(en.save.titleLabel).fill(title);
  await share.getByLabel(en.save.categoryLabel).selectOption({ label: 'Writing' });
  await share.getByLabel(en.save.descriptionLabel).fill('Summarises a page in three bullets');
  await share.getByRole('radio', { name: en.save.public }).check();
  await expect(share.getByTestId('save-submit')).toHaveText(en.save.submit);
  await share.getByTestId('save-submit').click();
  await expect(share.getByTestId('message')).toHaveText(en.save.done.replace('{{title}}', title));
  await share.close();
  await page.getByRole('searchbox', { name: en.panel.mineSearch }).fill(title);
  await page.getByRole('button', { name: en.panel.searchButton }).click();
  await expect(page.getByTestId('prompt').getByTestId('status')).toHaveText([en.panel.status.pending]);

  // The admin's queue shows it (the admin sets a password through a reset link first).
  const admin = await playwrightRequest.newContext({ baseURL: site });
  const before = mailCount('admin@promptory.test');
  await admin.post('/api/auth/forgot-password', { data: { email: 'admin@promptory.test' } });
  const { link } = await nextMail('admin@promptory.test', before);
  const token = new URL(link!).searchParams.get('token')!;
  expect((await admin.post('/api/auth/set-password', { data: { email: 'admin@promptory.test', token, password: 'admin password 1' } })).status()).toBe(200);
  const pending = ((await (await admin.get('/api/admin/prompts/pending')).json()) as { items: { title: string; authorName: string }[] }).items;
  expect(pending.find((p) => p.title === title)).toMatchObject({ authorName: 'Api User' });
  await admin.dispose();

  await page.close();
});

// Hostile content: what the site stores, the extension shows as text, whole.
const tag = `hostile${Date.now().toString(36)}`;
const hostile = {
  title: `${tag} ${bidi} ${word(60)} <i data-hostile>t</i>`.slice(0, 100),
  description: `${markup} ${markdown} ${bidi} ${zeroWidth} ${emoji} ${word(200)}`.slice(0, 500),
  content: `${markup}\n${markdown}\n${bidi}${zeroWidth}${emoji}\n${word(5000)}`.slice(0, 5000),
};

/** Nothing injected or run, no javascript: link, no CSP violation (the init script's listener must be there), no sideways scroll. */
async function expectInert(page: Page) {
  const found = await page.evaluate(() => ({
    injected: document.querySelectorAll('[data-hostile]').length,
    pwned: (window as unknown as { __pwned?: number }).__pwned ?? 0,
    javascriptLinks: document.querySelectorAll('a[href^="javascript:" i]').length,
    csp: (window as unknown as { __csp?: string[] }).__csp ?? 'not listening',
    overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
  }));
  expect(found).toEqual({ injected: 0, pwned: 0, javascriptLinks: 0, csp: [], overflow: 0 });
}

test('hostile titles and contents render inert and intact in the side panel and the save window', async () => {
  test.setTimeout(60_000);
  await context.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}`));
  });
  // A published one (the library) and the connected user's private one with a hostile choice (My Prompts).
  const admin = await playwrightRequest.newContext({ baseURL: site });
  await adminSignIn(admin);
  const published = await admin.post('/api/prompts', { data: { ...hostile, categoryId: 1 } });
  expect(published.status()).toBe(201);
  expect((await admin.put(`/api/admin/prompts/${(await published.json()).id}/review`, { data: { isApproved: true } })).status()).toBe(200);
  await admin.dispose();
  const choice = '<b data-hostile>b</b><img data-hostile src=x onerror="window.__pwned=1">';
  const own = { ...hostile, title: `${hostile.title.slice(0, 90)} own`, content: `${hostile.content.slice(0, 4000)}\n{{tone:${choice}|plain}}` };
  expect((await context.request.post('/api/prompts', { data: { ...own, categoryId: 1, visibility: 'private' } })).status()).toBe(201);

  const page = await panel();
  await page.setViewportSize({ width: 360, height: 800 });
  await page.getByRole('searchbox').fill(tag);
  await page.getByRole('button', { name: en.panel.searchButton }).click();
  const item = page.getByTestId('prompt');
  await expect(item.locator('h2')).toHaveText([hostile.title], { useInnerText: false });
  expect(await item.locator('p').textContent()).toBe(hostile.description);
  await item.getByTestId('copy').click();
  await expect(item.getByTestId('copy')).toHaveText(en.panel.copied);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(hostile.content);
  await expectInert(page);

  await page.getByTestId('tab-mine').click();
  await page.getByRole('searchbox', { name: en.panel.mineSearch }).fill(tag);
  await page.getByRole('button', { name: en.panel.searchButton }).click();
  const mine = page.getByTestId('prompt');
  await expect(mine.locator('h2')).toHaveText([own.title], { useInnerText: false });
  await mine.getByTestId('copy').click();
  const form = mine.getByRole('form', { name: prompts.fill.title });
  await expect(form.getByLabel('tone', { exact: true }).locator('option')).toHaveText([choice, 'plain'], { useInnerText: false });
  expect(await form.getByTestId('fill-preview').textContent()).toBe(own.content.replace(/\{\{tone:[^}]*\}\}/, choice));
  await expectInert(page);
  await form.getByTestId('fill-submit').click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(own.content.replace(/\{\{tone:[^}]*\}\}/, choice));
  await expectInert(page);
  await page.close();

  // The save window takes a hostile selection as text: its fields hold it whole.
  const selection = `${markup} ${bidi}${zeroWidth}${emoji} ${word(3000)}`;
  await menu('promptory-save', selection);
  const save = await pageAt(`chrome-extension://${EXTENSION_ID}/save.html`);
  await expect(save.getByLabel(en.save.contentLabel)).toHaveValue(selection);
  await expect(save.getByLabel(en.save.titleLabel)).not.toHaveValue('');
  await save.setViewportSize({ width: 420, height: 800 });
  await expectInert(save);
  await save.close();
});

test('revoked from the dashboard, the extension is signed out on its next call', async () => {
  const page = await panel();
  await expect(page.getByTestId('account')).toContainText('Api User');
  const dashboard = await context.newPage();
  await dashboard.goto('/dashboard?lng=en');
  await expect(dashboard.getByTestId('device')).toHaveCount(1);
  await dashboard.getByTestId('device-revoke').click();
  await dashboard.getByTestId('device-revoke-confirm').click();
  await expect(dashboard.getByTestId('device')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('connect')).toBeVisible();
  await page.getByTestId('tab-favorites').click();
  await expect(page.getByTestId('message')).toHaveText(en.errors.signedOut);
  await dashboard.close();
  await page.close();
});
