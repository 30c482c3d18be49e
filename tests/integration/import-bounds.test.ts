import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConcurrencyError, transact, type Appended, type EventStore, type StoreTx } from '../../events';
import { IMPORT_LIMITS, IMPORT_MESSAGES, type PromptoryExport } from '../../modules/portability';
import { IMPORT_PART } from '../../modules/prompts';
import * as routes from '../../src/shared/api-routes.generated';
import { ProjectionRunner, STEP_CHUNK } from '../../projections/runner';
import { backends, freshApp, settleAll } from '../support/backends';
import { zipBomb } from '../support/zip-bomb';
import { approvedPublicPrompts, Browser, installApp, signUpAs } from '../support/test-app';

const SITE = 'http://localhost:4321';

/** A Promptory export of `prompts` (each a list of version contents) and `collections` (prompt ids). */
function exportFile(prompts: string[][], collections: number[][] = []): string {
  const version = (content: string, i: number) => ({
    version: i + 1,
    title: 'A prompt with a history',
    description: 'Brought along with every version.',
    content,
    category: 'writing',
    note: i ? `Change ${i}` : null,
    at: '2026-11-01T00:00:00.000Z',
    status: 'draft',
  });
  return JSON.stringify({
    format: 'promptory-export',
    formatVersion: 1,
    exportedAt: '2026-11-01T00:00:00.000Z',
    site: SITE,
    profile: { name: 'Mei', username: null, email: 'mei@example.com', avatarUrl: null, createdAt: '2026-11-01T00:00:00.000Z' },
    prompts: prompts.map((versions, i) => ({
      id: i + 1,
      ...version(versions.at(-1)!, 0),
      visibility: 'private' as const,
      status: 'private' as const,
      authorName: 'Mei',
      createdAt: '2026-11-01T00:00:00.000Z',
      versions: versions.map(version),
      variables: [],
      tags: [],
    })),
    bookmarks: [],
    collections: collections.map((promptIds, i) => ({
      name: `Collection number ${i + 1}`,
      description: null,
      isPublic: false,
      createdAt: '2026-11-01T00:00:00.000Z',
      prompts: promptIds.map((promptId) => ({ promptId, title: null, addedAt: '2026-11-01T00:00:00.000Z' })),
    })),
    ratings: [],
    history: [],
    rememberedValues: {},
  } satisfies Partial<PromptoryExport>);
}

/** Counts, while on, the stream reads each transaction makes (one read of several streams counts once) and what each commit appended. */
function watch(store: EventStore) {
  const reads = { single: 0, batched: 0 };
  const commits: number[] = [];
  const original = store.transaction.bind(store);
  store.transaction = ((work: (tx: StoreTx) => Promise<unknown>) =>
    original((tx) =>
      work({
        ...tx,
        readStream: (stream) => ((reads.single += 1), tx.readStream(stream)),
        readStreams: (streams) => ((reads.batched += 1), tx.readStreams(streams)),
      }),
    )) as EventStore['transaction'];
  const off = store.onAppended((appended: Appended) => commits.push(appended.events.length));
  return {
    reads,
    commits,
    restore: () => {
      store.transaction = original;
      off();
    },
  };
}

/**
 * What one import may cost, on both backends: a zip is opened within the import's own limits,
 * a file may bring so many versions, collections and collection items, and what it brings is
 * decided in memory and written in short transactions (every other visitor waits on one, on PGlite).
 */
describe.each(backends)('import bounds on $name', (backend) => {
  let app: Awaited<ReturnType<typeof freshApp>>;
  const member = new Browser('10.9.2.1');
  const importAs = (format: string, content: string, dryRun = false) =>
    member.api(routes.importMyData, { query: dryRun ? { dryRun: '1' } : {}, body: { format: format as never, content } });

  beforeAll(async () => {
    app = await freshApp(backend, { publicUrl: SITE });
    installApp(app);
    await signUpAs(app, member, 'bounds@example.com');
  });
  afterAll(async () => app?.dispose());

  it('refuses a zip bomb with a plain 400 before inflating past the import limit, appending nothing', async () => {
    const before = await app.store.count();
    // About 4 KB that unpacks to 300 MB: 300 entries all pointing at one megabyte of compressed spaces.
    const bomb = zipBomb(300, 2 ** 20).toString('base64');
    // The same path once with a harmless zip first: the first import's module loading, compiling
    // and database work would otherwise count in the peak below.
    await importAs('markdown', zipBomb(1, 1024).toString('base64'), true);
    const peakBefore = process.resourceUsage().maxRSS;
    const started = performance.now();
    const r = await importAs('markdown', bomb);
    const ms = performance.now() - started;
    expect(r.status).toBe(400);
    expect(r.body.error).toBe(IMPORT_MESSAGES.zipTooBig);
    expect(r.body.issues[0]).toMatchObject({ path: ['content'], message: IMPORT_MESSAGES.zipTooBig });
    expect(ms).toBeLessThan(3000);
    // The process's peak memory (KB) did not grow by what the archive claims, nor near it.
    expect((process.resourceUsage().maxRSS - peakBefore) / 1024).toBeLessThan(100);
    expect(await app.store.count()).toBe(before);
  });

  it('refuses past the caps on versions of a prompt, collections and items of a collection, with the limit named', async () => {
    const before = await app.store.count();
    const versions = Array.from({ length: IMPORT_LIMITS.versions + 1 }, (_, i) => `Version ${i} of a prompt that changed a lot.`);
    const cases: [string, string, number][] = [
      [exportFile([versions]), IMPORT_MESSAGES.tooManyVersions, IMPORT_LIMITS.versions],
      [
        exportFile(
          [['One plain prompt here.']],
          Array.from({ length: IMPORT_LIMITS.collections + 1 }, () => []),
        ),
        IMPORT_MESSAGES.tooManyCollections,
        IMPORT_LIMITS.collections,
      ],
      [
        exportFile([['One plain prompt here.']], [Array.from({ length: IMPORT_LIMITS.collectionPrompts + 1 }, (_, i) => i + 1)]),
        IMPORT_MESSAGES.collectionTooBig,
        IMPORT_LIMITS.collectionPrompts,
      ],
    ];
    for (const [file, message, limit] of cases)
      for (const dryRun of [true, false]) {
        const r = await importAs('promptory-json', file, dryRun);
        expect(r.status).toBe(400);
        expect(r.body).toMatchObject({ error: message, issues: [{ path: ['content'], code: 'too_big', limit }] });
      }
    expect(await app.store.count()).toBe(before);
  });

  it("decides a prompt's versions in memory and writes them in one statement per part, no transaction past the part's size", async () => {
    const count = 600;
    const versions = Array.from({ length: count }, (_, i) => `Explain {{topic}} simply, take ${i + 1}.`);
    const watching = watch(app.store);
    let r;
    try {
      r = await importAs('promptory-json', exportFile([versions, ['A second prompt, with one version.']]));
    } finally {
      watching.restore();
    }
    expect(r.status).toBe(201);
    // Linear: no stream is read back while the versions are decided (the quadratic way read it once per version),
    // nor the batch's own stream while its parts are recorded (each part would read all the parts before it).
    expect(watching.reads.single).toBeLessThan(3);
    expect(Math.max(...watching.commits)).toBeLessThanOrEqual(IMPORT_PART.events + 1);
    expect(watching.commits.length).toBeGreaterThan(1);
    const [id] = r.body.items.map((i: { promptId: number }) => i.promptId);
    const page = await member.api(routes.versions, { params: { id }, query: { limit: 100, cursor: count - 3 } });
    expect(page.body.items.map((v: { version: number; content: string }) => [v.version, v.content])).toEqual([
      [count - 2, versions[count - 3]],
      [count - 1, versions[count - 2]],
      [count, versions[count - 1]],
    ]);
    // Undone through the kernel's transaction: every part's prompts go.
    const undone = await member.api(routes.undoImport, { params: { batchId: r.body.batchId } });
    expect(undone.body).toEqual({ batchId: r.body.batchId, removed: 2, kept: 0 });
    expect((await member.api(routes.prompt, { params: { id } })).status).toBe(404);
  });

  it('the projections catch up on a large import in short transactions, each within its budget, to the same tables', async () => {
    const versions = Array.from({ length: 300 }, (_, i) => `Summarise {{text}} in ${i + 1} words.`);
    const r = await importAs('promptory-json', exportFile([versions]));
    expect(r.status).toBe(201);
    const [id] = r.body.items.map((i: { promptId: number }) => i.promptId);
    // The live runner may have started on it: rebuild the catalog from the log with a runner whose steps take `STEP_CHUNK` events each.
    const runner = new ProjectionRunner(app.db, app.runner.projections, 2000, 0, 0);
    const original = { transaction: app.db.transaction.bind(app.db), guardedWrite: app.db.guardedWrite.bind(app.db) };
    let transactions = 0;
    app.db.transaction = ((work: never) => ((transactions += 1), original.transaction(work))) as typeof app.db.transaction;
    app.db.guardedWrite = ((write: never) => ((transactions += 1), original.guardedWrite(write))) as typeof app.db.guardedWrite;
    try {
      await runner.rebuild('catalog');
    } finally {
      Object.assign(app.db, original);
    }
    const events = await app.store.count();
    // One transaction per `STEP_CHUNK` of the catalog's events (and a few to make and swap the copy), not one for them all.
    expect(transactions).toBeGreaterThan(Math.floor(300 / STEP_CHUNK));
    expect(transactions).toBeLessThan(events);
    const [row] = await app.db.query<{ content: string }>('select content from catalog_prompts where id = $1', [id]);
    expect(row?.content).toBe(versions.at(-1));
  });

  it("adds a collection's prompts from one read of all of them, each id once, only public ones", async () => {
    const publicIds = await approvedPublicPrompts(app, member, ['Public one', 'Public two']);
    await settleAll(app);
    // 3,000 mentions of three ids (one of them names no prompt): within the cap once deduplicated.
    const named = Array.from({ length: 3000 }, (_, i) => [publicIds[1], publicIds[0], 999_999][i % 3]);
    const watching = watch(app.store);
    let r;
    try {
      r = await importAs('promptory-json', exportFile([['A prompt that brings a collection.']], [named]));
    } finally {
      watching.restore();
    }
    expect(r.status).toBe(201);
    expect(watching.reads.batched).toBe(1);
    expect(watching.reads.single).toBeLessThan(10);
    await settleAll(app);
    const [collection] = (await member.api(routes.myCollections)).body.items;
    const held = await member.api(routes.collection, { params: { id: collection.id } });
    expect(held.body.prompts.map((p: { id: number }) => p.id).sort()).toEqual([...publicIds].sort());
  });

  it("the kernel's transaction decides again after a real version conflict", async () => {
    const stream = `kernel-retry-${backend.name}`;
    await app.store
      .append(stream, [{ type: 'Used', data: { promptId: 1, userId: null } } as never], {
        expectedVersion: 'no_stream',
        metadata: { actor: null, requestId: 'k', at: '' },
      })
      .catch(() => undefined);
    let attempts = 0;
    const { result } = await transact(app.store, async (tx) => {
      attempts += 1;
      const seen = (await tx.readStream(stream)).length;
      // The first attempt believes the stream is one event shorter than it is: a real conflict in the store.
      const expected = attempts === 1 ? seen - 1 : seen;
      await tx.appendMany([{ streamId: stream, events: [{ type: 'Used', data: { promptId: 1, userId: null } } as never], expectedVersion: expected }], {
        actor: null,
        requestId: 'k',
        at: '',
      });
      return seen;
    });
    expect(attempts).toBe(2);
    expect(result).toBeGreaterThan(0);
    await expect(
      transact(
        app.store,
        async (tx) =>
          tx.appendMany([{ streamId: stream, events: [{ type: 'Used', data: { promptId: 1, userId: null } } as never], expectedVersion: 0 }], {
            actor: null,
            requestId: 'k',
            at: '',
          }),
        {
          retries: 0,
        },
      ),
    ).rejects.toBeInstanceOf(ConcurrencyError);
  });
});
