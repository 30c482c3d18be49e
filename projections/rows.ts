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

/** `text` as a literal part of a LIKE pattern (its `%`, `_` and `\` escaped). */
export function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
