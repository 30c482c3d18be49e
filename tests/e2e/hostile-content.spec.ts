import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { adminSignIn, mailCount, nextMail, uniqueEmail } from './auth-support';
import { bidi, emoji, markdown, markup, word, zeroWidth } from './hostile-support';

/**
 * Hostile content: prompts, an author name and a collection name carrying markup,
 * script, markdown, bidirectional marks, zero-width characters, very long words and emoji
 * render inert and intact on every page that shows them: the text appears verbatim, no element
 * is injected, nothing runs, the page body does not scroll sideways on a phone, and Chromium
 * reports no Content Security Policy violation.
 */
const tag = Date.now().toString(36);

const title = `${tag} ${word(60)} <i data-hostile>t</i>`.slice(0, 100);
const description = `${markup} ${markdown} ${bidi} ${zeroWidth} ${emoji} ${word(200)}`;
const content = `${markup}\n${markdown}\n${bidi}${zeroWidth}${emoji}\n${word(5000)}`.slice(0, 5000);
const authorName = `<img data-hostile src=x onerror="window.__pwned=1">${emoji}${bidi}${word(25)}`;
const collectionName = `<b data-hostile>${emoji}</b>${word(30)}`.slice(0, 50);

/** A page that records CSP violations and any script that runs from content. */
async function watchedPage(browser: Browser, storageState?: Awaited<ReturnType<APIRequestContext['storageState']>>): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, storageState });
  await context.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.__csp.push(`${e.violatedDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`),
    );
  });
  return context.newPage();
}

/** The page's own checks: nothing injected or run, no CSP violation, no sideways scroll; and each text shown verbatim. */
async function expectInertAndIntact(page: Page, path: string, texts: string[]) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBeLessThan(400);
  for (const text of texts) {
    await expect
      .poll(
        () =>
          page.evaluate(
            // Some element holds the text whole (a name may sit inside "by …"); one holding a script is not counted,
            // so a copy inside the islands' data does not pass for text on the page.
            (t) =>
              [...document.querySelectorAll('body *:not(script):not(template):not(style)')].some(
                (el) => !el.querySelector('script, template') && (el.textContent ?? '').includes(t.trim()),
              ),
            text,
          ),
        { message: `${path} shows ${JSON.stringify(text.slice(0, 60))}… verbatim` },
      )
      .toBe(true);
  }
  const found = await page.evaluate(() => ({
    injected: document.querySelectorAll('[data-hostile]').length,
    pwned: (window as unknown as { __pwned?: number }).__pwned ?? 0,
    javascriptLinks: document.querySelectorAll('a[href^="javascript:" i]').length,
    csp: (window as unknown as { __csp: string[] }).__csp,
    overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
  }));
  expect(found, path).toEqual({ injected: 0, pwned: 0, javascriptLinks: 0, csp: [], overflow: 0 });
}

async function signUp(request: APIRequestContext, name: string) {
  const email = uniqueEmail('hostile');
  const before = mailCount(email);
  expect((await request.post('/api/auth/register', { data: { name, email } })).status()).toBe(200);
  const { link } = await nextMail(email, before);
  const token = new URL(link!).searchParams.get('token')!;
  expect((await request.post('/api/auth/set-password', { data: { email, token, password: 'correct horse battery' } })).status()).toBe(200);
}

async function adminRequest(browser: Browser): Promise<APIRequestContext> {
  const context = await browser.newContext();
  await adminSignIn(context.request);
  return context.request;
}

test('hostile prompts, names and collection names render inert and intact everywhere', async ({ browser }) => {
  test.setTimeout(120_000);
  const authorContext = await browser.newContext();
  const author = authorContext.request;
  await signUp(author, authorName);
  const submit = (t: string) => author.post('/api/prompts', { data: { title: t, description, content, categoryId: 1, isFeatured: true, isEditorsPick: true } });
  const published = await submit(title);
  expect(published.status()).toBe(201);
  const pending = await submit(`${title.slice(0, 90)} pending`);
  const { id } = await published.json();
  const admin = await adminRequest(browser);
  expect((await admin.put(`/api/admin/prompts/${id}/review`, { data: { isApproved: true } })).status()).toBe(200);
  // What the site stored is what every page must show: names are made single-line on the way in.
  const stored = await (await author.get(`/api/prompts/${id}`)).json();
  expect(stored).toMatchObject({ title, description, content });
  const made = await author.post('/api/collections', { data: { name: collectionName, description: `${markup}${bidi}${emoji}`, isPublic: true } });
  expect(made.status()).toBe(201);
  const collection = await made.json();
  expect((await author.post(`/api/collections/${collection.id}/prompts`, { data: { promptId: id } })).status()).toBe(200);
  const storedCollection = await (await author.get(`/api/collections/${collection.id}`)).json();

  const visitor = await watchedPage(browser);
  await expectInertAndIntact(visitor, `/prompts/${id}`, [stored.title, stored.description, stored.content, stored.authorName]);
  await expectInertAndIntact(visitor, `/prompts?q=${encodeURIComponent(tag)}`, [stored.title]);
  // The home page lists the admin's featured picks only (a member's flags are not taken): checked for injection and overflow.
  await expectInertAndIntact(visitor, '/', []);
  await expectInertAndIntact(visitor, `/collections/${collection.id}`, [storedCollection.name, storedCollection.description, stored.title]);

  const owner = await watchedPage(browser, await authorContext.storageState());
  await expectInertAndIntact(owner, '/dashboard', [storedCollection.name]);
  expect((await author.post('/api/favorites', { data: { promptId: id } })).status()).toBe(201);
  await expectInertAndIntact(owner, '/dashboard?tab=bookmarks', [stored.title]);
  await expectInertAndIntact(owner, '/dashboard?tab=submissions', [stored.title]);
  await expectInertAndIntact(owner, '/dashboard/collections', [storedCollection.name]);

  const adminPage = await watchedPage(browser, await admin.storageState());
  const pendingTitle = (await pending.json()).title;
  await expectInertAndIntact(adminPage, '/admin', [pendingTitle]);
});
