import { randomUUID } from 'node:crypto';
import { pageAll } from '../../../events/paging';
import { readVersions, readVersionsOf, type Actor } from '../../../modules/prompts';
import { categoryById, templateVariables, type OwnPromptView, type VersionView } from '../../../modules/prompts/contracts';
import { CSV_COLUMNS, csvRows, markdownExport, promptDownload, writeCsv, type ExportFile, type PromptFile } from '../../../modules/portability';
import {
  PROMPTORY_FORMAT,
  PROMPTORY_FORMAT_VERSION,
  type ExportedPrompt,
  type PromptDownloadFormat,
  type PromptoryExport,
} from '../../../modules/portability/contracts';
import { tagsOfPrompts } from '../../../projections/tags/queries';
import { getUser } from '../../../projections/accounts/queries';
import { getPromptFor, listPromptsBy, promptTitles } from '../../../projections/catalog/queries';
import { collectionItems, listCollections } from '../../../projections/collections/queries';
import { listFavorites, listHistory, listRatings } from '../../../projections/engagement/queries';
import { allRecentValues } from '../../../projections/recent-values/queries';
import { HELPFUL } from '../../../modules/engagement/contracts';
import type { App } from '../app';
import { ZipWriter } from '../zip';

/** A person's export as it is written out: everything but the prompts at once, the prompts a page at a time. */
export interface MyData {
  head: Omit<PromptoryExport, 'prompts'>;
  /** The own prompts, each with every version, `PROMPT_PAGE` at a time (their versions are read page by page). */
  prompts(): AsyncGenerator<ExportedPrompt[]>;
}

/** How many own prompts (with their versions) are read and written out at a time. */
const PROMPT_PAGE = 100;

/**
 * Everything of one person's that Promptory keeps in its read models, in the Promptory export
 * format (modules/portability/contracts.ts): GET /api/me/export writes it out as JSON,
 * Markdown or CSV. The prompts, the part that grows, come a page at a time, so a download of
 * a large library is written as it is read, never held whole. Someone else's prompt appears
 * only as its id and title.
 */
export async function openMyData(app: App, userId: number): Promise<MyData> {
  const db = app.db;
  const [user, favorites, collections, ratings, history, rememberedValues] = await Promise.all([
    getUser(db, userId),
    listFavorites(db, userId),
    pageAll((page) => listCollections(db, userId, page)),
    listRatings(db, userId),
    pageAll((page) => listHistory(db, userId, page)),
    allRecentValues(db, userId),
  ]);
  if (!user) throw new Error(`No account ${userId}`);
  const items = await Promise.all(collections.map((c) => collectionItems(db, c.id)));
  const named = [...favorites, ...items.flat(), ...ratings, ...history].map((r) => r.promptId);
  const titles = await promptTitles(db, named, userId);
  const ref = (promptId: number) => ({ promptId, title: titles.get(promptId) ?? null });
  const author: Actor = { userId, isAdmin: false };
  return {
    head: {
      format: PROMPTORY_FORMAT,
      formatVersion: PROMPTORY_FORMAT_VERSION,
      exportedAt: new Date().toISOString(),
      site: app.config.publicUrl,
      profile: { name: user.name, username: user.username, email: user.email, avatarUrl: user.avatarUrl, createdAt: user.createdAt },
      bookmarks: favorites.map((f) => ({ ...ref(f.promptId), savedAt: f.createdAt })),
      collections: collections.map((c, i) => ({
        name: c.name,
        description: c.description,
        isPublic: c.isPublic,
        createdAt: c.createdAt,
        prompts: items[i].map((item) => ({ ...ref(item.promptId), addedAt: item.addedAt })),
      })),
      ratings: ratings.map((r) => ({ ...ref(r.promptId), helpful: r.value === HELPFUL, ratedAt: r.ratedAt })),
      history: history.map((h) => ({ ...ref(h.promptId), usedAt: h.usedAt, filledContent: h.modifiedContent, values: h.values })),
      rememberedValues,
    },
    async *prompts() {
      for await (const page of listPromptsBy(app.db, userId, PROMPT_PAGE)) {
        const ids = page.map((p) => p.id);
        const [versions, tags] = await Promise.all([readVersionsOf(app.store, ids, author), tagsOfPrompts(app.db, userId, ids)]);
        yield page.map((p) => exportedPrompt(p, versions.get(p.id) ?? [], tags.get(p.id) ?? []));
      }
    },
  };
}

/**
 * The JSON download, written as it is read: the same text as `JSON.stringify(export, null, 2)`,
 * the prompts a page at a time.
 */
export function jsonDownload(data: MyData): AsyncGenerator<string> {
  const { format, formatVersion, exportedAt, site, profile, ...rest } = data.head;
  // A random stand-in for the list, which nothing else in the document can spell.
  const marker = `"${randomUUID()}"`;
  const [before, after] = JSON.stringify({ format, formatVersion, exportedAt, site, profile, prompts: marker.slice(1, -1), ...rest }, null, 2).split(marker);
  return (async function* () {
    yield `${before}[`;
    let first = true;
    for await (const page of data.prompts()) {
      if (!page.length) continue;
      const text = page.map((p) => `\n    ${JSON.stringify(p, null, 2).replaceAll('\n', '\n    ')}`).join(',');
      yield first ? text : `,${text}`;
      first = false;
    }
    yield `${first ? '' : '\n  '}]${after}`;
  })();
}

/**
 * The Markdown download, a zip written as it is read: each page of prompts' files as it
 * comes, then the collections', the README and the zip's directory.
 */
export async function* markdownDownload(data: MyData): AsyncGenerator<Buffer> {
  const files = markdownExport(data.head);
  const zip = new ZipWriter();
  const entries = (list: ExportFile[]) => Buffer.concat(list.map((f) => zip.add(f.path, Buffer.from(f.text, 'utf8'))));
  for await (const page of data.prompts()) if (page.length) yield entries(files.prompts(page));
  yield Buffer.concat([entries(files.closing()), zip.finish()]);
}

/** The CSV download (modules/portability/export.ts's columns), written as it is read. */
export async function* csvDownload(data: MyData): AsyncGenerator<string> {
  yield writeCsv(CSV_COLUMNS, []);
  for await (const page of data.prompts()) yield csvRows(page);
}

/**
 * One prompt as a downloaded file, for `viewer` (null: they may not read it): as the export
 * writes it, with the versions they may see (its author: all; anyone else: the published ones).
 */
export async function promptFileFor(app: App, id: number, viewer: Actor, format: PromptDownloadFormat): Promise<PromptFile | null> {
  const prompt = await getPromptFor(app.db, id, viewer);
  if (!prompt) return null;
  const versions = await pageAll(async (page) => (await readVersions(app.store, id, viewer, page)) ?? { items: [], nextCursor: null });
  // Tags are their owner's alone: read under the viewer's id, someone else's prompt has none.
  const tags = viewer.userId === null ? [] : ((await tagsOfPrompts(app.db, viewer.userId, [id])).get(id) ?? []);
  return promptDownload(exportedPrompt(prompt, versions, tags), format);
}

/** A prompt as the Promptory export writes it, with the versions given. */
function exportedPrompt(p: OwnPromptView, versions: VersionView[], tags: string[]): ExportedPrompt {
  const category = categoryById(p.categoryId).slug;
  return {
    id: p.id,
    title: p.title,
    description: p.description,
    content: p.content,
    category,
    visibility: p.status === 'private' ? 'private' : 'public',
    status: p.status,
    authorName: p.authorName,
    createdAt: p.createdAt,
    variables: templateVariables(p.content),
    tags,
    versions: versions.map((v) => ({
      version: v.version,
      title: v.title,
      description: v.description,
      content: v.content,
      category: categoryById(v.categoryId).slug,
      note: v.note,
      at: v.at,
      status: v.status,
    })),
  };
}
