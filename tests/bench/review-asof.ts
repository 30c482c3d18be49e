// `npx tsx tests/bench/review-asof.ts [submissions] [uses]`: what the review screens cost on a
// bigger log, on both backends. Figures, not verdicts.
import type { EventMetadata, NewEvent } from '../../events';
import { reviewPrompt, submitPrompt } from '../../modules/prompts';
import { listPendingReviews } from '../../projections/review/queries';
import { freshApp } from '../support/backends';

process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
const submissions = Number(process.argv[2] ?? 2000);
const uses = Number(process.argv[3] ?? 100_000);
const meta: EventMetadata = { actor: null, requestId: 'bench', at: new Date().toISOString() };
const admin = { userId: 1, isAdmin: true };

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const result = await fn();
  return [result, Math.round(performance.now() - start)];
}

for (const backend of (await import('../support/backends')).backends) {
  const app = await freshApp(backend);
  try {
    let middle = new Date();
    for (let i = 0; i < submissions; i++) {
      const s = await submitPrompt(
        app.store,
        {
          title: `Bench ${i}`,
          description: 'A benchmark prompt.',
          content: 'Benchmark content, long enough.',
          categoryId: 1,
          authorName: 'Bench',
          isFeatured: false,
          isEditorsPick: false,
        },
        { userId: 2 + (i % 50), isAdmin: false },
        meta,
      );
      if (i % 3 !== 0) await reviewPrompt(app.store, s.result.id, i % 2 === 0, admin, meta);
      if (i === Math.floor(submissions / 2)) middle = new Date();
    }
    for (let done = 0; done < uses; done += 5000) {
      const batch: NewEvent[] = Array.from({ length: Math.min(5000, uses - done) }, (_, k) => ({
        type: 'Used',
        data: { promptId: 1 + ((done + k) % submissions), userId: null },
      }));
      await app.store.append(`use-bench-${done}`, batch, { expectedVersion: 'any', metadata: meta });
    }
    await app.runner.catchUpAll();
    const events = await app.store.count();
    const [queue, liveMs] = await timed(() => listPendingReviews(app.db));
    const [until, positionMs] = await timed(() => app.runner.checkpointAt(middle));
    const [asOf, replayMs] = await timed(async () => {
      const replay = await app.runner.replayInto('review', { until });
      try {
        return await replay.read(listPendingReviews);
      } finally {
        await replay.drop();
      }
    });
    const [, rebuildReviewMs] = await timed(() => app.runner.rebuild('review'));
    const [, rebuildCatalogMs] = await timed(() => app.runner.rebuild('catalog'));
    console.log(
      `${backend.name}: ${events} events (${submissions} submissions, ${uses} uses); live queue ${queue.items.length} rows ${liveMs} ms; ` +
        `time -> position ${positionMs} ms; as-of queue (${asOf.items.length} rows) replayed in ${replayMs} ms; ` +
        `rebuild review ${rebuildReviewMs} ms, catalog ${rebuildCatalogMs} ms`,
    );
  } finally {
    await app.dispose();
  }
}
