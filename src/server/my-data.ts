import { pageAll } from '../../events/paging';
import { readVersions, type Actor } from '../../modules/prompts';
import { categoryById, templateVariables, type OwnPromptView, type VersionView } from '../../modules/prompts/contracts';
import { PROMPTORY_FORMAT, PROMPTORY_FORMAT_VERSION, type ExportedPrompt, type PromptoryExport } from '../../modules/portability/contracts';
import { getUser } from '../../projections/accounts/queries';
import { listPromptsBy, promptTitles } from '../../projections/catalog/queries';
import { collectionItems, listCollections } from '../../projections/collections/queries';
import { listFavorites, listHistory, listRatings } from '../../projections/engagement/queries';
import { allRecentValues } from '../../projections/recent-values/queries';
import { HELPFUL } from '../../modules/engagement/contracts';
import type { App } from './app';

/**
 * Everything of one person's that Promptory keeps in its read models, in the Promptory export
 * format (modules/portability/contracts.ts): GET /api/me/export reads it once and writes it
 * out as JSON, Markdown or CSV. Someone else's prompt appears only as its id and title.
 */
export async function gatherMyData(app: App, userId: number): Promise<PromptoryExport> {
  const db = app.db;
  const [user, own, favorites, collections, ratings, history, rememberedValues] = await Promise.all([
    getUser(db, userId),
    listPromptsBy(db, userId),
    listFavorites(db, userId),
    pageAll((page) => listCollections(db, userId, page)),
    listRatings(db, userId),
    pageAll((page) => listHistory(db, userId, page)),
    allRecentValues(db, userId),
  ]);
  if (!user) throw new Error(`No account ${userId}`);
  const items = await Promise.all(collections.map((c) => collectionItems(db, c.id)));
  const author: Actor = { userId, isAdmin: false };
  const versions = await Promise.all(
    own.map((p) => pageAll(async (page) => (await readVersions(app.store, p.id, author, page)) ?? { items: [], nextCursor: null })),
  );
  const named = [...favorites, ...items.flat(), ...ratings, ...history].map((r) => r.promptId);
  const titles = await promptTitles(db, named, userId);
  const ref = (promptId: number) => ({ promptId, title: titles.get(promptId) ?? null });
  return {
    format: PROMPTORY_FORMAT,
    formatVersion: PROMPTORY_FORMAT_VERSION,
    exportedAt: new Date().toISOString(),
    site: app.config.publicUrl,
    profile: { name: user.name, username: user.username, email: user.email, avatarUrl: user.avatarUrl, createdAt: user.createdAt },
    prompts: own.map((p, i) => exportedPrompt(p, versions[i])),
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
  };
}

function exportedPrompt(p: OwnPromptView, versions: VersionView[]): ExportedPrompt {
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
