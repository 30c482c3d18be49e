import type { Sql } from '../events';
import { pageOf, type Page, type PageRequest } from '../events/paging';

// How read tables' rows become the contracts' view types, where several read models agree.

/**
 * A prompt's content as the read models that keep it (catalog, review) store it, and as the
 * view types give it back: one mapping, so a new content field is added in one place.
 */
export interface PromptContentRow {
  id: number;
  title: string;
  description: string;
  content: string;
  category_id: number;
  author_name: string;
  author_image: string | null;
}

export function toPromptContent(row: PromptContentRow) {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    content: row.content,
    categoryId: row.category_id,
    authorName: row.author_name,
    authorImage: row.author_image,
  };
}

/** A timestamp column as the views give it (ISO 8601, UTC). */
export const iso = (d: Date | string): string => new Date(d).toISOString();

/**
 * One page of a read table, newest first by `column` (an id or a log position: the number the
 * cursor is). `where` is the statement up to its own conditions, `params` their values ($1 on);
 * this adds the cursor's condition, the order and the one-row-over limit that tells whether a
 * next page exists (pageOf).
 */
export async function newestFirst<R extends object, V>(
  sql: Sql,
  page: PageRequest,
  column: string,
  where: string,
  params: unknown[],
  view: (row: R) => V,
): Promise<Page<V>> {
  const [cursor, limit] = [params.length + 1, params.length + 2];
  const rows = await sql.query<R>(`${where} and ($${cursor}::bigint is null or ${column} < $${cursor}) order by ${column} desc limit $${limit}`, [
    ...params,
    page.cursor ?? null,
    page.limit + 1,
  ]);
  const field = column.slice(column.lastIndexOf('.') + 1) as keyof R;
  return pageOf(rows, page.limit, (r) => Number(r[field]), view);
}

/** `text` as a literal part of a LIKE pattern (its `%`, `_` and `\` escaped). */
export function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
