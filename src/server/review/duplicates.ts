import type { Sql } from '../../../events';
import {
  DUPLICATE_LIMIT,
  DUPLICATE_THRESHOLD,
  features,
  signature,
  similarity,
  SimilarityIndex,
  type DuplicateMatch,
} from '../../../modules/prompts/contracts';
import { promptTexts } from '../../../projections/catalog/queries';
import { candidatesChangedSince, type CandidatesWatermark } from '../../../projections/duplicates/queries';

/** Signatures agree by chance: candidates are taken this far below the threshold, then compared exactly. */
const ESTIMATE_MARGIN = 0.15;
/** At most this many candidates are compared exactly (their texts read in one query). */
const CANDIDATES = 20;
const PAGE = 5000;

/**
 * The duplicate check of one web process: the signatures of every published and
 * pending prompt in memory (modules/prompts/similarity.ts: 100,000 prompts take 25 MB and a
 * scan of a few ms), kept current by reading the `duplicates` read model's rows changed since
 * the last check (one indexed query, usually empty). Candidates the signatures find are then
 * compared exactly on their texts from the catalog, so the answer is the similarity, not an
 * estimate. Several processes each keep their own index; the read model is the one truth.
 */
export class DuplicateFinder {
  private readonly index = new SimilarityIndex();
  private watermark: CandidatesWatermark | null = null;
  private refreshing: Promise<void> | null = null;

  constructor(private readonly db: Sql) {}

  /** Reads what changed since the last look; concurrent checks share one refresh. */
  async refresh(): Promise<void> {
    this.refreshing ??= this.load().finally(() => (this.refreshing = null));
    return this.refreshing;
  }

  private async load() {
    for (;;) {
      const rows = await candidatesChangedSince(this.db, this.watermark, PAGE);
      for (const row of rows) {
        if (row.status === 'published' || row.status === 'pending') {
          this.index.upsert(
            row.prompt_id,
            Uint32Array.from(row.signature, (v) => v >>> 0),
          );
        } else {
          this.index.remove(row.prompt_id);
        }
      }
      if (rows.length) this.watermark = { tx: rows[rows.length - 1].applied_tx, pos: Number(rows[rows.length - 1].applied_pos) };
      if (rows.length < PAGE) return;
    }
  }

  /** How many prompts the index holds (published and pending). */
  get size(): number {
    return this.index.size;
  }

  /**
   * The published and pending prompts at least DUPLICATE_THRESHOLD similar to `text`, most
   * similar first, as `viewer` may know them: someone else's pending prompt without its title
   * or id (the admin sees every one).
   */
  async find(text: { title: string; content: string }, viewer: { userId: number | null; isAdmin: boolean }, excludeId?: number): Promise<DuplicateMatch[]> {
    const own = features(text.title, text.content);
    if (own.size === 0) return [];
    await this.refresh();
    const candidates = this.index.nearest(signature(own), { min: DUPLICATE_THRESHOLD - ESTIMATE_MARGIN, limit: CANDIDATES, exclude: excludeId });
    if (candidates.length === 0) return [];
    const texts = await promptTexts(
      this.db,
      candidates.map((c) => c.id),
    );
    const matches: DuplicateMatch[] = [];
    for (const { id } of candidates) {
      const found = texts.get(id);
      // Gone or changed since the index last looked: the catalog is newer; only what is public or waiting counts.
      if (!found || (found.status !== 'approved' && found.status !== 'pending')) continue;
      const score = similarity(text, found);
      if (score < DUPLICATE_THRESHOLD) continue;
      const status = found.status === 'approved' ? 'published' : 'pending';
      const known = status === 'published' || viewer.isAdmin || (viewer.userId !== null && found.submittedBy === viewer.userId);
      matches.push({ id: known ? id : null, title: known ? found.title : null, status, similarity: Math.round(score * 100) / 100 });
    }
    return matches.sort((a, b) => b.similarity - a.similarity).slice(0, DUPLICATE_LIMIT);
  }
}

const finders = new WeakMap<object, DuplicateFinder>();

/** The app's one finder (made on first use, so an app that never checks loads nothing). */
export function duplicateFinder(app: { db: Sql }): DuplicateFinder {
  let finder = finders.get(app);
  if (!finder) finders.set(app, (finder = new DuplicateFinder(app.db)));
  return finder;
}
