import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventMetadata } from '../../events';
import { register, Sessions, setPassword, signIn } from '../../modules/accounts';
import { deletePrompt, editPrompt, recordUse, resubmitPrompt, reviewPrompt, reviewRevision, sharePrompt, submitPrompt } from '../../modules/prompts';
import { bookmark, clearRecentValues, rate, recordHistory, removeBookmark } from '../../modules/engagement';
import { changeCollection, createCollection } from '../../modules/collections';
import { changeComment, fileReport, postComment, resolveReport } from '../../modules/discussion';
import { featureMember } from '../../modules/members';
import { markNotifications } from '../../modules/notifications';
import { changeTags } from '../../modules/tags';
import { projections } from '../../projections';
import { seedIfEmpty } from '../../src/server/seed';
import { backends, freshApp, settleAll } from '../support/backends';

const meta = (): EventMetadata => ({ actor: null, requestId: 'replay-test', at: new Date().toISOString() });

/** Every read model, rebuilt from the whole log, equals the one kept live event by event. */
describe.each(backends)('replaying every projection on $name', (backend) => {
  let app: Awaited<ReturnType<typeof freshApp>>;
  beforeAll(async () => {
    app = await freshApp(backend);
    await seedIfEmpty(app.store);
    const sessions = new Sessions(app.db);
    const registered = await register(app.store, { name: 'Replay Tester', email: 'replay@example.com' }, meta());
    await app.settle(registered);
    if (registered.outcome.kind !== 'created') throw new Error('expected a new account');
    const password = 'correct horse battery';
    await app.settle(await setPassword(app.store, sessions, { email: 'replay@example.com', token: registered.outcome.link.token, password }, meta()));
    await app.settle(await signIn(app.store, sessions, { email: 'replay@example.com', password }, meta()));
    const submitted = await submitPrompt(
      app.store,
      {
        title: 'Replay me',
        description: 'A prompt made during the replay test.',
        content: 'Say hello to [NAME] politely.',
        categoryId: 1,
        authorName: 'Replay Tester',
        isFeatured: false,
        isEditorsPick: false,
      },
      { userId: registered.outcome.userId, isAdmin: false },
      meta(),
    );
    await app.settle(await reviewPrompt(app.store, submitted.result.id, true, { userId: 1, isAdmin: true }, meta()));
    for (let i = 0; i < 5; i++) await app.settle(await recordUse(app.store, submitted.result.id, { userId: null, isAdmin: false }, meta(), `10.0.0.${i % 3}`));
    // The library: bookmarks (one removed), ratings (one changed), history, collections (one deleted, one emptied).
    const user = registered.outcome.userId;
    const promptId = submitted.result.id;
    for (const id of [1, 2, promptId]) await bookmark(app.store, user, id, meta());
    await removeBookmark(app.store, user, 2, meta());
    await rate(app.store, user, promptId, 5, meta());
    await rate(app.store, user, promptId, 1, meta());
    await rate(app.store, user, 1, 5, meta());
    await recordHistory(app.store, user, promptId, meta());
    await recordHistory(app.store, user, 1, meta(), 'my edit');
    // Remembered values: some forgotten by a clear, some recorded after it.
    await recordHistory(app.store, user, promptId, meta(), 'filled', { NAME: 'Ada', tone: 'warm' });
    await clearRecentValues(app.store, user, meta());
    for (const name of ['Bo', 'Cy', 'Bo']) await recordHistory(app.store, user, promptId, meta(), 'filled', { NAME: name });
    const kept = await createCollection(app.store, user, { name: 'Kept', description: null, isPublic: true }, meta());
    const gone = await createCollection(app.store, user, { name: 'Gone', description: 'Deleted right away', isPublic: false }, meta());
    for (const id of [1, 3, promptId]) await changeCollection(app.store, { kind: 'add', collectionId: kept.collectionId, userId: user, promptId: id }, meta());
    await changeCollection(app.store, { kind: 'remove', collectionId: kept.collectionId, userId: user, promptId: 3 }, meta());
    await changeCollection(app.store, { kind: 'delete', collectionId: gone.collectionId, userId: user }, meta());
    // Private prompts: one kept, one shared for review, one shared and approved.
    const privately = (title: string) =>
      submitPrompt(
        app.store,
        {
          title,
          description: 'Kept for myself first.',
          content: 'Write {{topic}} my way.',
          categoryId: 2,
          authorName: 'Replay Tester',
          isFeatured: false,
          isEditorsPick: false,
          visibility: 'private',
        },
        { userId: user, isAdmin: false },
        meta(),
      );
    const author = { userId: user, isAdmin: false };
    const stillPrivate = await privately('Still private');
    await app.settle(stillPrivate);
    const sharedId = (await privately('Shared later')).result.id;
    await app.settle(await sharePrompt(app.store, sharedId, author, meta()));
    const publishedId = (await privately('Shared and published')).result.id;
    await app.settle(await sharePrompt(app.store, publishedId, author, meta()));
    await app.settle(await reviewPrompt(app.store, publishedId, true, { userId: 1, isAdmin: true }, meta()));
    // Editing: a private edit, an approved revision, one left pending, and a rating and bookmark of version 2.
    const admin = { userId: 1, isAdmin: true };
    await editPrompt(app.store, stillPrivate.result.id, { title: 'Still private, renamed' }, 'renamed', author, meta());
    await editPrompt(app.store, publishedId, { content: 'Write {{topic}} my way, briefly.' }, null, author, meta());
    await reviewRevision(app.store, publishedId, 2, true, admin, meta());
    await editPrompt(app.store, publishedId, { title: 'Shared, published, revised' }, 'waiting', author, meta());
    await rate(app.store, user, publishedId, 5, meta());
    await bookmark(app.store, user, publishedId, meta());
    // Reasons for decisions: a rejection with a reason, an edit, a resubmission rejected again; a rejected revision.
    const rejectedId = (await privately('Rejected, then resubmitted')).result.id;
    await sharePrompt(app.store, rejectedId, author, meta());
    await reviewPrompt(app.store, rejectedId, false, admin, meta(), { reason: 'needs-translation', note: 'Please add an English version.' });
    await editPrompt(app.store, rejectedId, { content: 'Write {{topic}} my way. 用中文寫。' }, 'translated', author, meta());
    await resubmitPrompt(app.store, rejectedId, author, meta());
    await reviewPrompt(app.store, rejectedId, false, admin, meta(), { reason: 'duplicate', note: null });
    await reviewRevision(app.store, publishedId, 3, false, admin, meta(), { reason: 'low-quality', note: 'Too short.' });
    // Discussion: a thread with a reply, an edit, a deletion, a report resolved by hiding, one left open.
    const top = await postComment(app.store, promptId, user, 'First comment', null, meta());
    await postComment(app.store, promptId, 1, 'A reply', top.commentId, meta());
    await changeComment(
      app.store,
      { kind: 'edit', commentId: top.commentId, userId: user, body: 'First comment, edited', at: new Date().toISOString() },
      meta(),
    );
    const deletedComment = await postComment(app.store, promptId, user, 'Deleted soon', null, meta());
    await changeComment(app.store, { kind: 'delete', commentId: deletedComment.commentId, userId: user }, meta());
    const rude = await postComment(app.store, promptId, 1, 'Spam here', null, meta());
    const filed = await fileReport(app.store, user, { promptId, commentId: rude.commentId }, { reason: 'spam', note: null }, meta());
    await resolveReport(app.store, filed.reportId, { reporterId: user, promptId, commentId: rude.commentId }, 'hide', 'Advertising', admin, meta());
    await fileReport(app.store, user, { promptId: publishedId, commentId: null }, { reason: 'other', note: 'Looks copied' }, meta());
    // The community's people: a featured member (featured, unfeatured, featured again).
    for (const featured of [true, false, true]) await featureMember(app.store, user, featured, admin, meta());
    // Notifications: two replies to the tester's comment, seen, one read, then all read up to it.
    const answered = await postComment(app.store, 1, user, 'Asking the seed', null, meta());
    await postComment(app.store, 1, 1, 'Answering', answered.commentId, meta());
    await postComment(app.store, 1, 1, 'Answering again', answered.commentId, meta());
    await settleAll(app);
    const told = (await app.db.query<{ position: string }>('select position from notifications where user_id = $1 order by position desc', [user])).map((r) =>
      Number(r.position),
    );
    await markNotifications(app.store, { kind: 'seen', userId: user, upTo: told[0] }, meta());
    await markNotifications(app.store, { kind: 'read', userId: user, position: told[1] }, meta());
    await markNotifications(app.store, { kind: 'all-read', userId: user, upTo: told[1] }, meta());
    // Tags: two prompts tagged, one tag merged into another, one deleted, one prompt in Recently deleted keeping its tags.
    const tag = (promptId: number, tags: string[]) => changeTags(app.store, { kind: 'set', userId: user, promptId, tags }, meta());
    await tag(stillPrivate.result.id, ['Writing', 'drafts', '旅遊']);
    await tag(publishedId, ['writing', 'ideas', 'old']);
    await changeTags(app.store, { kind: 'rename', userId: user, from: 'drafts', to: 'ideas' }, meta());
    await changeTags(app.store, { kind: 'delete', userId: user, tag: 'old' }, meta());
    await tag(sharedId, ['shared']);
    await deletePrompt(app.store, sharedId, author, meta(), new Date());
  });
  afterAll(async () => app?.dispose());

  async function dump(tables: readonly string[]) {
    const out: Record<string, unknown[]> = {};
    // Whole rows compared in one order: a table whose first column repeats (a person's tags) has no other.
    for (const table of tables) out[table] = (await app.db.query(`select * from "${table}"`)).map((r) => JSON.stringify(r)).sort();
    return out;
  }

  it.each(projections.map((p) => [p.name, p] as const))('%s', async (_name, projection) => {
    await settleAll(app);
    const live = await dump(projection.tables);
    expect(Object.values(live).some((rows) => rows.length > 0)).toBe(true);
    await app.runner.rebuild(projection.name);
    expect(await dump(projection.tables)).toEqual(live);
  });
});
