import { expect, type BrowserContext, type Page } from '@playwright/test';

export const LANGS = ['en', 'zh-HK'] as const;
export const THEMES = ['light', 'dark'] as const;
export type Lang = (typeof LANGS)[number];

/** Texts the tests look for, per language (from src/i18n/locales). */
export const T = {
  en: {
    home: 'Home',
    prompts: 'Prompts',
    community: 'Community',
    extension: 'Extension',
    signIn: 'Sign In',
    signUp: 'Sign Up',
    install: 'Install',
    browseTitle: 'Browse Prompts',
    featured: 'Featured Prompts',
    editors: "Editor's Choice",
    noPrompts: 'No prompts found',
    search: 'Search',
    filters: 'Filters',
    reset: 'Reset Filters',
    allCategories: 'All Categories',
    usePrompt: 'Use Prompt',
    viewDetails: 'View Details',
    save: 'Save',
    copyPrompt: 'Copy Prompt',
    copied: 'Copied!',
    promptCopied: 'Prompt copied',
    promptCopiedText: 'Now you can paste it in your AI chat.',
    errorLoading: 'Error Loading Prompt',
    errorText: "We couldn't load the prompt you requested. It may have been removed or you may not have permission to view it.",
    backToPrompts: 'Back to Prompts',
    notFound: '404 Page Not Found',
    privacy: 'Privacy Policy',
    authRequired: 'Authentication required',
    signInBookmark: 'Please sign in to bookmark prompts.',
    signInRate: 'Please sign in to rate prompts.',
    linkCopied: 'Link copied',
    communityTitle: 'Community Prompts',
    trending: 'Trending',
    newest: 'Newest',
    lastUpdated: 'Last updated: April 30, 2025',
  },
  'zh-HK': {
    home: '主頁',
    prompts: '提示詞',
    community: '社群',
    extension: '擴充功能',
    signIn: '登入',
    signUp: '註冊',
    install: '安裝',
    browseTitle: '瀏覽提示詞',
    featured: '精選提示詞',
    editors: '編輯之選',
    noPrompts: '找不到提示詞',
    search: '搜尋',
    filters: '篩選',
    reset: '重設篩選',
    allCategories: '所有類別',
    usePrompt: '使用提示詞',
    viewDetails: '查看詳情',
    save: '收藏',
    copyPrompt: '複製提示詞',
    copied: '已複製！',
    promptCopied: '已複製提示詞',
    promptCopiedText: '現在可以貼到你的 AI 聊天中使用。',
    errorLoading: '載入提示詞時出錯',
    errorText: '我們無法載入你要求的提示詞。它可能已被移除，或你沒有權限查看。',
    backToPrompts: '返回提示詞列表',
    notFound: '404 找不到頁面',
    privacy: '私隱政策',
    authRequired: '需要登入',
    signInBookmark: '請先登入才能收藏提示詞。',
    signInRate: '請先登入才能評分提示詞。',
    linkCopied: '已複製連結',
    communityTitle: '社群提示詞',
    trending: '熱門',
    newest: '最新',
    lastUpdated: '最後更新：2025年4月30日',
  },
} as const;

/** Puts a context in a language (the i18next cookie) and a theme (localStorage `theme`). */
export async function prepare(context: BrowserContext, baseURL: string, lng: Lang, theme?: 'light' | 'dark') {
  await context.addCookies([{ name: 'i18next', value: lng, url: baseURL }]);
  if (theme) await context.addInitScript((t) => localStorage.setItem('theme', t), theme);
}

/**
 * Fails the test on any Content-Security-Policy violation, uncaught page error, or island
 * that failed to hydrate (React's hydration mismatch, Astro's hydration error).
 */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy|Refused to|hydrat|Minified React error/i.test(m.text())) errors.push(m.text());
  });
  return errors;
}

export async function expectNoErrors(errors: string[]) {
  expect(errors, errors.join('\n')).toEqual([]);
}

export async function cardTitles(page: Page): Promise<string[]> {
  return page.getByTestId('prompt-card').locator('h2 a, h3 a').allTextContents();
}

/**
 * A slow connection for the requests matching `url`: each is sent to the server at once, and its
 * answer reaches the page only after `release()`. `fetched` settles when the server has answered
 * the first of them.
 */
export async function holdAnswers(page: Page, url: string): Promise<{ fetched: Promise<void>; release: () => void }> {
  let answered!: () => void;
  const fetched = new Promise<void>((resolve) => (answered = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    const response = await route.fetch();
    answered();
    await released;
    await route.fulfill({ response });
  });
  return { fetched, release };
}
