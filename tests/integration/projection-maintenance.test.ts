import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventMetadata, NewEvent } from '../../events';
import { backends, freshApp } from '../support/backends';

/**
 * The runner keeps its tables' planner statistics and GIN pending lists fresh, as autovacuum
 * would (PGlite has none): after a rebuild, and after a tenth of the rows' worth of events.
 * Without it a search planned for a guessed row count and read every words index's pending list.
 */

const meta = (): EventMetadata => ({ actor: null, requestId: 'maintenance-test', at: new Date().toISOString() });

function published(promptId: number): NewEvent[] {
  return [
    {
      type: 'PromptSubmitted',
      data: {
        promptId,
        title: `Prompt ${promptId}`,
        description: 'A prompt.',
        content: `Body ${promptId}.`,
        categoryId: 1,
        authorName: 'Ann',
        submittedBy: null,
      },
    },
    { type: 'PromptReviewed', data: { promptId, isApproved: true, reviewedBy: null, published: null } },
  ] as NewEvent[];
}

describe.each(backends)('projection maintenance on $name', (backend) => {
  let app: Awaited<ReturnType<typeof freshApp>>;
  beforeAll(async () => {
    app = await freshApp(backend);
  });
  afterAll(async () => app?.dispose());

  /** What the planner knows of the catalog table: its row estimate and its all-visible pages (set by a vacuum). */
  const planner = async () => {
    const [row] = await app.db.query<{ rows: number; visible: number }>(
      `select c.reltuples::float8 as rows, c.relallvisible::int as visible from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = current_schema() and c.relname = 'catalog_prompts'`,
    );
    return { rows: Number(row.rows), visible: Number(row.visible) };
  };

  it('vacuums and analyzes a projection once it has taken many events, and after a rebuild', async () => {
    for (let from = 1; from <= 600; from += 200) {
      const events = Array.from({ length: 200 }, (_, i) => published(from + i)).flat();
      await app.store.append(`maintenance-${from}`, events, { expectedVersion: 'any', metadata: meta() });
    }
    await app.runner.catchUpAll();
    // Maintained once the thousandth event was applied, wherever the steps cut the 1,200 (-1: never analyzed).
    const caughtUp = await planner();
    expect(caughtUp.rows).toBeGreaterThan(400);
    expect(caughtUp.visible).toBeGreaterThan(0);

    await app.store.append('maintenance-more', published(601), { expectedVersion: 'any', metadata: meta() });
    await app.runner.rebuild('catalog');
    expect(await planner()).toMatchObject({ rows: 601 });
    expect((await planner()).visible).toBeGreaterThan(0);
    // Every GIN index's pending list merged (a search reads what is left of it whole) ...
    const pending = await app.db.query<{ name: string; pages: number }>(
      `select c.relname as name, gin_clean_pending_list(c.oid)::int as pages from pg_index i join pg_class c on c.oid = i.indexrelid
       join pg_am am on am.oid = c.relam where i.indrelid = 'catalog_prompts'::regclass and am.amname = 'gin' order by 1`,
    );
    expect(pending.map((index) => index.name)).toEqual(['catalog_prompts_grams', 'catalog_prompts_head', 'catalog_prompts_search', 'catalog_prompts_words']);
    expect(pending.filter((index) => index.pages > 0)).toEqual([]);
    // ... and statistics for the columns searches are planned by, none for the content no plan reads.
    const analyzed = await app.db.query<{ column: string }>(
      `select attname as column from pg_stats where schemaname = current_schema() and tablename = 'catalog_prompts'`,
    );
    const columns = analyzed.map((row) => row.column);
    expect(columns).toEqual(expect.arrayContaining(['status', 'search_grams', 'search_vector', 'usage_count']));
    expect(columns).not.toContain('content');
  });
});
