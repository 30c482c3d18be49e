import { chromium, expect, test, type BrowserContext, type Page, type Worker } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EXTENSION_ID, extensionZipName } from '../../modules/devices/contracts';
import { fillTemplate } from '../../modules/prompts/contracts';
import { CHAT_SITES, type ChatSite } from '../../extension/src/lib/chat-sites';
import { chromiumArgs, chromiumPath } from '../support/chromium';
import { ownE2eServer } from '../support/e2e-servers';
import { apiSignUp } from './auth-support';
import { startFixtureServer, type FixtureServer } from './composer-sites/server';

/**
 * Prompts where you type: the real extension in Chromium, on each chat site's composer built with
 * the site's real editor library, served at the site's real host name (composer-sites/). Each
 * check reads the editor's own model back (`window.fixture.model()`), not the DOM.
 */
const en = JSON.parse(readFileSync('src/i18n/locales/en/extension.json', 'utf8'));
const zh = JSON.parse(readFileSync('src/i18n/locales/zh-HK/extension.json', 'utf8'));
const server = ownE2eServer();
const site = server.url;

test.describe.configure({ mode: 'serial' });

let dir: string;
let context: BrowserContext;
let worker: Worker;
let fixtures: FixtureServer;

const run = Date.now().toString(36);
const MULTI = {
  title: `Composer lines ${run}`,
  description: 'A prompt whose line breaks, blank lines and Unicode must reach the chat box intact.',
  content: 'First line: 第一行 with “quotes”\n\nAfter a blank line 🙂 and 繁體／简体\n  indented last line',
};
const FILL = {
  title: `Composer blanks ${run}`,
  description: 'A prompt with fill-in variables that goes through the form before the chat box.',
  content: 'Summarise {{topic}} in a {{tone:casual|formal}} tone.',
};

const model = (page: Page) => page.evaluate(() => window.fixture.model());
const picker = (page: Page) => page.getByTestId('composer-picker');
/** Two frames and a turn: the content script's check after a keystroke has run by then. */
const settle = (page: Page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 30)))));

async function openSite(chat: ChatSite, query = ''): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`https://${chat.hosts[0]}/${query}`);
  await expect(page.locator('body[data-ready=true]')).toBeAttached();
  return page;
}

async function composer(page: Page, chat: ChatSite) {
  const box = page.locator(`footer ${chat.selectors[0]}`);
  await box.click();
  return box;
}

/** The tab of `page`, as the worker sees it: the active one (the extension may not read tabs' addresses). */
async function tabOf(page: Page): Promise<number> {
  await page.bringToFront();
  const id = (await worker.evaluate(async () => (await chrome.tabs.query({ active: true, lastFocusedWindow: true }))[0]?.id)) as number | undefined;
  expect(id).toBeDefined();
  return id!;
}

test.beforeAll(async ({ request }) => {
  const download = await request.get(`/downloads/${extensionZipName()}`);
  expect(download.status()).toBe(200);
  dir = mkdtempSync(join(tmpdir(), 'promptory-composer-'));
  writeFileSync(join(dir, 'extension.zip'), await download.body());
  execFileSync('unzip', ['-q', join(dir, 'extension.zip'), '-d', join(dir, 'unpacked')]);
  const unpacked = join(dir, 'unpacked');
  fixtures = await startFixtureServer(server.port + 8);
  context = await chromium.launchPersistentContext(join(dir, 'profile'), {
    executablePath: chromiumPath(),
    headless: false,
    baseURL: site,
    args: [...chromiumArgs, ...fixtures.chromiumArgs, '--headless=new', `--disable-extensions-except=${unpacked}`, `--load-extension=${unpacked}`],
  });
  worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  await worker.evaluate(() => chrome.storage.local.set({ language: 'en' }));
});

test.afterAll(async () => {
  await context?.close();
  await fixtures?.close();
  rmSync(dir, { recursive: true, force: true });
});

test('signed out: / opens the public library over the composer; Escape leaves the composer as it was; either/ opens nothing', async () => {
  const chat = CHAT_SITES.find((s) => s.id === 'chatgpt')!;
  const page = await openSite(chat);
  await composer(page, chat);
  await page.keyboard.type('either/');
  await settle(page);
  await expect(picker(page)).toHaveCount(0);
  await page.keyboard.type(' /');
  await expect(picker(page)).toBeVisible();
  await expect(picker(page)).toContainText(en.composer.publicOnly);
  const library = (await (await context.request.get('/api/extension/prompts')).json()) as { title: string }[];
  await expect(picker(page).getByTestId('composer-option').first()).toContainText(library[0].title);
  await page.keyboard.type('zzzz');
  await expect(picker(page).getByTestId('composer-status')).toHaveText(en.composer.empty);
  await page.keyboard.press('Escape');
  await expect(picker(page)).toHaveCount(0);
  expect(await model(page)).toBe('either/ /zzzz');
  expect(await page.evaluate(() => window.fixture.sent())).toBe(0);
  await page.close();
});

test('connected: the user’s own prompts, private ones included, come first', async () => {
  test.setTimeout(60_000);
  await apiSignUp(context.request);
  for (const prompt of [MULTI, FILL]) {
    expect((await context.request.post('/api/prompts', { data: { ...prompt, categoryId: 1, visibility: 'private' } })).status()).toBe(201);
  }
  const panel = await context.newPage();
  await panel.goto(`chrome-extension://${EXTENSION_ID}/sidepanel.html`);
  await panel.getByTestId('connect').click();
  let connect: Page | undefined;
  await expect.poll(() => (connect = context.pages().find((p) => p.url().startsWith(`${site}/extension/connect?key=`))) !== undefined).toBe(true);
  await connect!.getByTestId('connect-approve').click();
  await expect(connect!.getByTestId('connect-done')).toBeVisible();
  await expect(panel.getByTestId('account')).toContainText('Api User');
  await panel.close();
  await connect!.close();
});

for (const chat of CHAT_SITES) {
  test(`${chat.name} (${chat.hosts[0]}, ${chat.editor}): / and a filter pick a prompt, Enter inserts it once with its line breaks, the trigger goes, earlier text stays`, async () => {
    const page = await openSite(chat);
    await composer(page, chat);
    await page.keyboard.type('Hello there ');
    await page.keyboard.type('/');
    await expect(picker(page)).toBeVisible();
    await page.keyboard.type(`Composer lines ${run}`);
    const options = picker(page).getByTestId('composer-option');
    await expect(options.first()).toContainText(MULTI.title);
    await expect(options.first()).toContainText(en.composer.yours);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(picker(page)).toHaveCount(0);
    await expect.poll(() => model(page)).toBe(`Hello there ${MULTI.content}`);
    // Enter was the picker's: the site did not send, and the edit box in the thread got nothing.
    expect(await page.evaluate(() => window.fixture.sent())).toBe(0);
    expect(await page.evaluate(() => window.fixture.decoy())).toBe('Earlier question');

    // Escape: the composer keeps exactly what was typed.
    await page.keyboard.type(' /Comp');
    await expect(picker(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(picker(page)).toHaveCount(0);
    expect(await model(page)).toBe(`Hello there ${MULTI.content} /Comp`);
    expect(await page.evaluate(() => window.fixture.sent())).toBe(0);
    await page.close();
  });
}

for (const [i, id] of ['chatgpt', 'gemini', 'perplexity', 'deepseek'].entries()) {
  test(`${id}: a prompt with variables goes through the fill-in form (values remembered); Ctrl+Enter inserts the filled text`, async () => {
    const chat = CHAT_SITES.find((s) => s.id === id)!;
    const page = await openSite(chat);
    await composer(page, chat);
    await page.keyboard.type(`/Composer blanks ${run}`);
    await expect(picker(page).getByTestId('composer-option').first()).toContainText(FILL.title);
    await page.keyboard.press('Enter');
    const form = picker(page).getByTestId('fill-form');
    await expect(form).toBeVisible();
    await expect(form.getByLabel('topic')).toBeFocused();
    // The values filled last time are offered again, as on the site and in the side panel.
    await expect(form.getByLabel('topic')).toHaveValue(i === 0 ? '' : '回收計劃');
    if (i === 0) await page.keyboard.type('回收計劃');
    await form.getByLabel('tone').selectOption('formal');
    await form.getByLabel('topic').focus();
    await page.keyboard.press('Control+Enter');
    await expect(picker(page)).toHaveCount(0);
    await expect.poll(() => model(page)).toBe(fillTemplate(FILL.content, { topic: '回收計劃', tone: 'formal' }));
    expect(await page.evaluate(() => window.fixture.sent())).toBe(0);
    await page.close();
  });
}

for (const id of ['claude', 'qwen']) {
  test(`${id}: the 、 of a Chinese input method opens the picker only once its composition ends`, async () => {
    const chat = CHAT_SITES.find((s) => s.id === id)!;
    const page = await openSite(chat);
    await composer(page, chat);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Input.imeSetComposition', { text: '、', selectionStart: 1, selectionEnd: 1 });
    await settle(page);
    await expect(picker(page)).toHaveCount(0);
    await cdp.send('Input.insertText', { text: '、' });
    await expect(picker(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await page.close();
  });
}

test('the keyboard command opens the picker without typing /, and zh-HK speaks Chinese', async () => {
  await worker.evaluate(() => chrome.storage.local.set({ language: 'zh-HK' }));
  const chat = CHAT_SITES.find((s) => s.id === 'grok')!;
  const page = await openSite(chat);
  await composer(page, chat);
  await page.keyboard.type('Before ');
  const tab = await tabOf(page);
  await worker.evaluate((id) => (globalThis as any).promptory.openPickerIn(id), tab);
  await expect(picker(page)).toContainText(zh.composer.title);
  await expect(picker(page)).toContainText(zh.composer.keys);
  await page.keyboard.type(`Composer lines ${run}`);
  await expect(picker(page).getByTestId('composer-option').first()).toContainText(MULTI.title);
  await page.keyboard.press('Enter');
  await expect.poll(() => model(page)).toBe(`Before ${MULTI.content}`);
  await worker.evaluate(() => chrome.storage.local.set({ language: 'en' }));
  await page.close();
});

for (const id of ['chatgpt', 'gemini', 'kimi', 'copilot']) {
  test(`${id}: a composer that ignores the insert: the text goes to the clipboard, a notice says so, diagnostics note it`, async () => {
    const chat = CHAT_SITES.find((s) => s.id === id)!;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: `https://${chat.hosts[0]}` });
    const page = await openSite(chat, '?broken=1');
    await composer(page, chat);
    // The broken composer takes no typing either: the picker is opened by the keyboard command.
    await worker.evaluate((tab) => (globalThis as any).promptory.openPickerIn(tab), await tabOf(page));
    // Chosen by pointer this time.
    await picker(page).getByTestId('composer-option').filter({ hasText: MULTI.title }).click();
    await expect(page.getByTestId('composer-notice')).toHaveText(en.composer.notInserted);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(MULTI.content);
    expect(await model(page)).toBe('');
    // The page tells the worker after the notice shows, and the worker writes it down in its own time.
    const latest = async () =>
      (
        (await worker.evaluate(() => chrome.storage.local.get('diagnostics'))).diagnostics as { site: string; reason: string; selector: string }[] | undefined
      )?.[0];
    await expect.poll(latest).toMatchObject({ site: id, reason: 'not-inserted', selector: chat.selectors[0] });
    // The options page lists it.
    const options = await context.newPage();
    await options.goto(`chrome-extension://${EXTENSION_ID}/options.html`);
    await expect(options.getByTestId('diagnostic').first()).toContainText(
      `${chat.name}: ${en.options.diagnosticsNotInserted.replace('{{selector}}', chat.selectors[0])}`,
    );
    await options.close();
    await page.close();
  });
}

test('the side panel’s Insert puts a prompt at the chat tab’s caret, and says so when the tab is no chat site', async () => {
  const chat = CHAT_SITES.find((s) => s.id === 'claude')!;
  const page = await openSite(chat);
  await composer(page, chat);
  await page.keyboard.type('Context first. ');
  // The panel in a tab of the same window; the chat tab is the active one, as beside a real side panel.
  const panel = await context.newPage();
  await panel.goto(`chrome-extension://${EXTENSION_ID}/sidepanel.html`);
  await panel.getByTestId('tab-mine').click();
  const item = panel.getByTestId('prompt').filter({ hasText: MULTI.title });
  await expect(item).toBeVisible();
  await page.bringToFront();
  await item.getByTestId('insert').click();
  await expect.poll(() => model(page)).toBe(`Context first. ${MULTI.content}`);
  await expect(panel.getByTestId('message')).toHaveText(en.composer.insertedHere);
  // With the panel's own tab active there is no chat box: it says where to go instead of doing nothing.
  await panel.bringToFront();
  await item.getByTestId('insert').click();
  await expect(panel.getByTestId('message')).toHaveText(en.composer.noChatTab);
  await panel.close();
  await page.close();
});

test('50,000 characters with blank lines reach the editor whole (the side panel’s insert message)', async () => {
  // One editing command per line (560 of them) in a real editor: correct, not quick (benchmarked apart).
  test.setTimeout(120_000);
  const long = Array.from({ length: 560 }, (_, i) => (i % 10 === 9 ? '' : `Line ${i} `.padEnd(99, 'x'))).join('\n');
  expect(long.length).toBeGreaterThanOrEqual(50_000);
  for (const id of ['chatgpt', 'deepseek']) {
    const chat = CHAT_SITES.find((s) => s.id === id)!;
    const page = await openSite(chat);
    await composer(page, chat);
    const tab = await tabOf(page);
    const started = Date.now();
    const answer = await worker.evaluate(([t, text]) => chrome.tabs.sendMessage(t as number, { kind: 'promptory:insert', text }), [tab, long] as const);
    expect(answer).toEqual({ inserted: true, copied: false });
    console.log(`[composer] ${id}: ${long.length} characters inserted and verified in ${Date.now() - started} ms`);
    expect(await model(page)).toBe(long);
    await page.close();
  }
});

test('Send from a tab that is no chat site opens the chosen one (Copilot and the others without ?q= alike); its composer takes the text over, never from the address', async () => {
  test.setTimeout(120_000);
  const elsewhere = await context.newPage();
  await elsewhere.goto('/');
  for (const chat of CHAT_SITES) {
    await worker.evaluate((id) => chrome.storage.local.set({ serviceId: id }), chat.id);
    await elsewhere.bringToFront();
    const text = `Sent to ${chat.name}: 第一行\n\nsecond line 🙂`;
    const outcome = await worker.evaluate(
      ([t]) => (globalThis as any).promptory.onMenuClick({ menuItemId: 'promptory-send', selectionText: t, pageUrl: 'https://news.example/' }),
      [text] as const,
    );
    expect(outcome, chat.id).toEqual({ kind: 'opened', url: chat.open, copied: false });
    let opened: Page | undefined;
    await expect.poll(() => (opened = context.pages().find((p) => p.url() === chat.open)) !== undefined, { message: chat.id }).toBe(true);
    await expect.poll(() => opened!.evaluate(() => window.fixture?.model() ?? null), { message: chat.id }).toBe(text);
    expect(opened!.url()).toBe(chat.open);
    // Taken once: a reload does not insert it again.
    await opened!.reload();
    await expect(opened!.locator('body[data-ready=true]')).toBeAttached();
    await settle(opened!);
    expect(await model(opened!)).toBe('');
    await opened!.close();
  }
  await worker.evaluate(() => chrome.storage.local.set({ serviceId: 'chatgpt' }));
  await elsewhere.close();
});
