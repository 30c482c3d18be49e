import { diffRows, diffText, type DiffSegment } from '../../modules/prompts/contracts';
import { cx } from './cx';

/** The words a diff needs besides the texts: column heads and what a screen reader hears around a change. */
export interface DiffLabels {
  /** Heads of the two columns, e.g. "Version 1" and "Version 3". */
  before: string;
  after: string;
  /** Read before a removed or added piece ("Removed", "Added"); changes are also struck through or underlined, never colour only. */
  removed: string;
  added: string;
  /** Shown instead of a diff when both texts are the same. */
  unchanged: string;
}

const text = 'font-mono text-[0.8125rem] leading-6 whitespace-pre-wrap wrap-anywhere';

/** One piece of a side: kept text as is, a removal in <del>, an addition in <ins>, each named for screen readers. */
function Piece({ segment, labels }: { segment: DiffSegment; labels: DiffLabels }) {
  if (segment.kind === 'same') return <>{segment.text}</>;
  const removed = segment.kind === 'removed';
  const Tag = removed ? 'del' : 'ins';
  return (
    <Tag
      className={cx(
        'rounded-sm decoration-2',
        removed
          ? 'bg-red-500/15 text-red-900 line-through decoration-red-700/70 dark:text-red-100 dark:decoration-red-300/80'
          : // Inline, a replacement follows its removal: a gap keeps "a" + "any" from reading as "aany".
            'bg-emerald-500/15 text-emerald-900 underline decoration-emerald-700/70 underline-offset-2 dark:text-emerald-100 dark:decoration-emerald-300/80 [del+&]:ml-1',
      )}
      data-diff={segment.kind}
    >
      <span className="sr-only">[{removed ? labels.removed : labels.added}: </span>
      {segment.text}
      <span className="sr-only">]</span>
    </Tag>
  );
}

/**
 * Two versions of one text, compared (modules/prompts/diff.ts): from 768 px the old and the new
 * side by side, kept lines facing each other; on a phone one column with the removals and
 * additions inline, since two columns of 150 px would wrap every word. Removals are struck
 * through and additions underlined (and named for screen readers), so colour is never the only cue.
 */
export function DiffView({ before, after, labels, testId = 'diff' }: { before: string; after: string; labels: DiffLabels; testId?: string }) {
  if (before === after)
    return (
      <p className={cx(text, 'rounded-lg border border-border bg-surface px-3 py-2 text-muted-foreground')} data-testid={testId} data-unchanged="">
        <span className="sr-only">{labels.unchanged}: </span>
        {before}
      </p>
    );
  const segments = diffText(before, after);
  const rows = diffRows(segments);
  return (
    <div data-testid={testId}>
      <table className="hidden w-full table-fixed border-collapse overflow-hidden rounded-lg border border-border md:table" data-testid={`${testId}-columns`}>
        <thead className="bg-muted/50 text-left text-xs font-semibold text-muted-foreground">
          <tr>
            <th scope="col" className="w-1/2 border-b border-border px-3 py-2">
              {labels.before}
            </th>
            <th scope="col" className="w-1/2 border-b border-l border-border px-3 py-2">
              {labels.after}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i} className={cx('align-top', row.changed && 'bg-muted/40')}>
              {[row.before, row.after].map((side, j) => (
                <td key={j} className={cx(text, 'px-3 py-0.5', j === 1 && 'border-l border-border')}>
                  {side.map((segment, k) => (
                    <Piece key={k} segment={segment} labels={labels} />
                  ))}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <div className="md:hidden" data-testid={`${testId}-inline`}>
        <p className="mb-1 text-xs font-semibold text-muted-foreground">
          {labels.before} → {labels.after}
        </p>
        <p className={cx(text, 'rounded-lg border border-border px-3 py-2')}>
          {segments.map((segment, i) => (
            <Piece key={i} segment={segment} labels={labels} />
          ))}
        </p>
      </div>
    </div>
  );
}
