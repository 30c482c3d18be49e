import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promptRoutes } from '../../modules/prompts/routes';
import { duplicateFinder } from '../../src/server/review/duplicates';
import { backends, freshApp } from '../support/backends';
import { authorOtherAdmin, browsersAt, castApp, type Browser } from '../support/test-app';

const translator = {
  title: '廣東話翻譯',
  description: '把英文翻譯成地道的香港廣東話口語。',
  content: '請把以下英文翻譯成地道的香港廣東話口語，保留原文的語氣，不要加入解釋。\n{{text}}',
  categoryId: 1,
};
const translatorAgain = { title: '廣東話翻譯員', content: '請將以下英文翻譯成地道的香港廣東話口語，保留原文語氣，不要加入任何解釋。\n{{text}}' };
const proofreader = {
  title: 'Proofreader',
  description: 'Fixes spelling, grammar and punctuation only.',
  content: 'Proofread the text below. Fix spelling, grammar and punctuation only; do not change the meaning or the tone.\n{{text}}',
  categoryId: 1,
};

/** Duplicate detection, over the real endpoints and the `duplicates` read model, on each backend. */
describe.each(backends)('duplicate detection on $name', (backend) => {
  let app: Awaited<ReturnType<typeof freshApp>>;
  const [author, other, admin] = browsersAt('10.7.0', 3);
  const check = (b: Browser, body: { title: string; content: string; excludeId?: number }) => b.api(promptRoutes.duplicates, { body });

  beforeAll(async () => {
    ({ app } = await castApp(backend, { sameOrigin: [author, other, admin] }, ...authorOtherAdmin(author, other, admin)));
  });
  afterAll(async () => app?.dispose());

  it('finds a near-duplicate in Chinese and in English; a pending one of someone else comes without title or id', async () => {
    const zh = (await author.api(promptRoutes.submit, { body: translator })).body.id as number;
    const en = (await author.api(promptRoutes.submit, { body: proofreader })).body.id as number;
    expect((await admin.api(promptRoutes.review, { params: { id: en }, body: { isApproved: true } })).status).toBe(200);

    // zh is still pending: its author sees it with its link, another member only that one waits, the admin all of it.
    const mine = await check(author, translatorAgain);
    expect(mine.status).toBe(200);
    expect(mine.body.matches).toEqual([{ id: zh, title: translator.title, status: 'pending', similarity: expect.any(Number) }]);
    expect(mine.body.matches[0].similarity).toBeGreaterThanOrEqual(0.5);
    expect((await check(other, translatorAgain)).body.matches).toEqual([
      { id: null, title: null, status: 'pending', similarity: mine.body.matches[0].similarity },
    ]);
    expect((await check(admin, translatorAgain)).body.matches).toMatchObject([{ id: zh, title: translator.title }]);

    const shouting = { title: 'PROOFREADER', content: proofreader.content.toUpperCase() };
    expect((await check(other, shouting)).body.matches).toEqual([{ id: en, title: 'Proofreader', status: 'published', similarity: 1 }]);
    // Editing a prompt does not find itself; an unrelated prompt finds nothing.
    expect((await check(author, { ...proofreader, excludeId: en })).body.matches).toEqual([]);
    expect((await check(other, { title: '食譜', content: '推介三款簡單的早餐食譜，材料不多於五種。' })).body.matches).toEqual([]);
  });

  it('a submission despite a duplicate records it with the note; the admin queue marks it with a link; rejected and withdrawn prompts stop counting', async () => {
    const original = (await author.api(promptRoutes.submit, { body: { ...translator, title: '廣東話口語翻譯' } })).body.id as number;
    const copy = await other.api(promptRoutes.submit, {
      body: { ...translator, ...translatorAgain, description: '另一個把英文翻譯成廣東話口語的提示詞。', duplicateNote: '我的版本會保留語氣。' },
    });
    expect(copy.status).toBe(201);
    const queued = (await admin.api(promptRoutes.pending)).body.items.find((p: { id: number }) => p.id === copy.body.id);
    expect(queued.similarTo.map((s: { id: number }) => s.id)).toContain(original);
    expect(queued.similarTo.find((s: { id: number }) => s.id === original)).toEqual({ id: original, title: '廣東話口語翻譯', status: 'pending' });
    expect(queued.duplicateNote).toBe('我的版本會保留語氣。');

    // Every pending translator goes: rejected or withdrawn, none is a duplicate any more.
    const pendingIds = (await admin.api(promptRoutes.pending)).body.items.map((p: { id: number }) => p.id) as number[];
    for (const id of pendingIds) await admin.api(promptRoutes.review, { params: { id }, body: { isApproved: false, reason: 'duplicate' } });
    expect((await check(other, translatorAgain)).body.matches).toEqual([]);
  });

  it('a private (or imported) prompt shared with the community is marked for the admin as a submission is', async () => {
    const published = (await author.api(promptRoutes.submit, { body: { ...proofreader, title: 'Proofreader again' } })).body.id as number;
    await admin.api(promptRoutes.review, { params: { id: published }, body: { isApproved: true } });
    const kept = (await other.api(promptRoutes.submit, { body: { ...proofreader, title: 'My proofreader', visibility: 'private' } })).body.id as number;
    expect((await other.api(promptRoutes.share, { params: { id: kept } })).status).toBe(200);
    const queued = (await admin.api(promptRoutes.pending)).body.items.find((p: { id: number }) => p.id === kept);
    expect(queued.similarTo.map((s: { id: number }) => s.id)).toContain(published);
    expect(queued.similarTo.map((s: { id: number }) => s.id)).not.toContain(kept);
  });

  it('the index follows the read model: rebuilt from the log, a fresh finder holds the same prompts', async () => {
    const live = duplicateFinder(app);
    await live.refresh();
    await app.runner.rebuild('duplicates');
    const { DuplicateFinder } = await import('../../src/server/review/duplicates');
    const fresh = new DuplicateFinder(app.db);
    await fresh.refresh();
    expect(fresh.size).toBe(live.size);
    expect(fresh.size).toBeGreaterThan(0);
  });

  it('a check without a title or over the limits is a 400', async () => {
    expect((await author.api(promptRoutes.duplicates, { body: { title: 'x'.repeat(101), content: 'y' } })).status).toBe(400);
    expect((await author.api(promptRoutes.duplicates, { body: {} as never })).status).toBe(400);
  });
});
