import { Fragment, type ReactNode } from 'react';
import { cx } from './cx';

/** One column: its header, what each row shows in it, and the classes of its cells. */
export interface DataColumn<T> {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Classes of the column's cells beside the padding (widths, wrapping; `max-md:` ones for stacked rows). */
  className?: string;
  /** Classes of its header cell beside the padding and weight (`whitespace-nowrap`, `text-right`). */
  headerClassName?: string;
}

interface Props<T> {
  columns: readonly DataColumn<T>[];
  /** The rows; null while the first page loads (a placeholder row shows, the table is `aria-busy`). */
  rows: readonly T[] | null;
  rowKey: (row: T) => string | number;
  /** Attributes of a row (`data-testid`, `data-*`) that tests and scripts find it by. */
  rowAttributes?: (row: T) => Record<`data-${string}`, string | number | undefined>;
  rowClassName?: string;
  /** Drawn across the table under a row when it returns something (an earlier rejection, say). */
  below?: (row: T) => ReactNode;
  /** What the table says when there are no rows. */
  empty: ReactNode;
  emptyTestId?: string;
  caption?: ReactNode;
  /**
   * Below 768 px each row stacks into a card (its cells wrap, the headers read as labels for
   * screen readers only), so no column scrolls sideways on a phone. Off: the table scrolls.
   */
  stacked?: boolean;
  testId?: string;
}

const STACKED_ROW = 'max-md:flex max-md:flex-wrap max-md:items-baseline max-md:gap-x-3 max-md:gap-y-1 max-md:px-4 max-md:py-3';

/**
 * The admin's tables (the queue, the audit log, the review history): a header row, a row per
 * item, a placeholder while loading and a line when empty, in a card. Server-rendered like the
 * rest of the kit; paging (`LoadMore`) and the data stay with the caller.
 */
export function DataTable<T>({ columns, rows, rowKey, rowAttributes, rowClassName, below, empty, emptyTestId, caption, stacked = false, testId }: Props<T>) {
  const span = columns.length;
  return (
    <div className="card overflow-hidden">
      <div className={stacked ? 'md:overflow-x-auto' : 'overflow-x-auto'}>
        <table className={cx('w-full text-left text-sm', stacked && 'max-md:block')} data-testid={testId} aria-busy={rows === null}>
          {caption && <caption className="px-4 pt-3 text-left text-sm font-semibold">{caption}</caption>}
          <thead className={cx('border-b border-border bg-muted/50 text-muted-foreground', stacked && 'max-md:sr-only')}>
            <tr>
              {columns.map((column) => (
                <th key={column.key} scope="col" className={cx('px-4 py-3 font-medium', column.headerClassName)}>
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className={stacked ? 'max-md:block' : undefined}>
            {rows === null ? (
              <tr>
                <td colSpan={span} className="px-4 py-6">
                  <div className="h-5 animate-pulse rounded bg-muted" />
                </td>
              </tr>
            ) : rows.length === 0 ? (
              <tr>
                <td colSpan={span} className="px-4 py-12 text-center text-muted-foreground" data-testid={emptyTestId}>
                  {empty}
                </td>
              </tr>
            ) : (
              rows.map((row) => {
                const under = below?.(row);
                return (
                  <Fragment key={rowKey(row)}>
                    <tr className={cx('border-b border-border last:border-0', stacked && STACKED_ROW, rowClassName)} {...rowAttributes?.(row)}>
                      {columns.map((column) => (
                        <td key={column.key} className={cx('px-4 py-3', stacked && 'max-md:p-0', column.className)}>
                          {column.cell(row)}
                        </td>
                      ))}
                    </tr>
                    {under && (
                      <tr className={cx('border-b border-border last:border-0', stacked && 'max-md:block')}>
                        <td colSpan={span} className={cx('px-4 pb-3', stacked && 'max-md:block')}>
                          {under}
                        </td>
                      </tr>
                    )}
                  </Fragment>
                );
              })
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}
