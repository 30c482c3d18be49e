import type { EventType, Statement, StoredEvent } from '../events';
import type { ReadModel } from '../events/read-models';

/** What a projection's evolve produces: the database port's statements. */
export type { Statement };

/**
 * The events that take a prompt through review: it is saved (submitted, or kept private),
 * sent to review (shared, resubmitted), decided (reviewed, withdrawn) or dropped unreviewed
 * (discarded). A read model of what waits for review or what it may duplicate folds them all.
 */
export const REVIEW_LIFECYCLE_EVENTS = [
  'PromptSubmitted',
  'PromptSavedPrivately',
  'PromptSharedForReview',
  'PromptResubmitted',
  'PromptReviewed',
  'PromptWithdrawn',
  'PromptDiscarded',
] as const satisfies readonly EventType[];

/**
 * A read model: its tables, and how each event changes them. `evolve` is pure (event in,
 * SQL out), so the runner can pipeline a batch and apply it in the checkpoint's transaction.
 * Statements must be idempotent: applying an event twice leaves the same rows.
 */
export interface Projection {
  /** Its name among the read models (events/read-models.ts): routes and cached pages declare it. */
  name: ReadModel;
  /** Bump when `ddl` or `evolve` change meaning: the runner rebuilds from the log. */
  version: number;
  /** Unqualified table names this projection owns (they are swapped as a set on rebuild). */
  tables: readonly string[];
  /** Creates the tables and indexes, unqualified (the runner picks the schema). */
  ddl: string;
  handles: readonly EventType[];
  /**
   * Also applied in the appending transaction (EventStore.applyInline), so the writer reads
   * its own write at once. Only when every statement is idempotent and touches rows whose
   * events one stream orders (a user's bookmark of a prompt, a history entry): the runner
   * applies the events again in log order and finds nothing to change.
   */
  inline?: boolean;
  evolve(event: StoredEvent): Statement[];
  /**
   * Optional: the statements for a whole batch (in log order), for projections that can
   * fold many events into one statement (replay speed). Must equal applying `evolve` to each.
   */
  evolveBatch?(events: readonly StoredEvent[]): Statement[];
}

/** The statements for a batch of events, through evolveBatch when the projection has it. */
export function statementsFor(projection: Projection, events: readonly StoredEvent[]): Statement[] {
  const handled = new Set<string>(projection.handles);
  const relevant = events.filter((e) => handled.has(e.type));
  if (relevant.length === 0) return [];
  return projection.evolveBatch ? projection.evolveBatch(relevant) : relevant.flatMap((e) => projection.evolve(e));
}
