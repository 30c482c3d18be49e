/**
 * Long work done in short parts. On PGlite every request waits for the one connection, so work
 * that should let other people in goes in transactions sized to a time budget (decision 0040);
 * work that only computes (decoding, parsing, deciding) gives the event loop a turn between its
 * stages, so requests that arrived meanwhile are read.
 */

/** One turn of the event loop: requests that arrived meanwhile are read and queue ahead of what comes next. */
export const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * How many items the next part takes so that it ends within `budgetMs`, from what an item cost
 * lately: a part that cost more than expected sets the cost at once (a run of heavy items, long
 * prompts, must not hold the connection twice too long), a cheaper one brings it halfway down,
 * so a run of light ones grows the parts back. Between `first` (before
 * anything is measured) and `most`; one at least.
 */
export class PartSizer {
  private msPerItem: number | undefined;

  constructor(
    private readonly budgetMs: number,
    private readonly first: number,
    private readonly most: number,
  ) {}

  next(): number {
    if (this.msPerItem === undefined) return Math.min(this.first, this.most);
    return Math.max(1, Math.min(this.most, Math.floor(this.budgetMs / Math.max(this.msPerItem, 0.01))));
  }

  /** What `items` should take at the cost measured so far (0 before any is measured). */
  expectedMs(items: number): number {
    return items * (this.msPerItem ?? 0);
  }

  /** A part of `items` took `ms`. */
  took(items: number, ms: number): void {
    if (items <= 0) return;
    const perItem = ms / items;
    this.msPerItem = this.msPerItem === undefined || perItem > this.msPerItem ? perItem : (perItem + this.msPerItem) / 2;
  }
}
