import { changeTags, type TagCommand } from '../../../modules/tags';
import type { EventMetadata } from '../../../events';
import type { APIContext } from 'astro';
import { listTags } from '../../../projections/tags/queries';
import type { App } from '../app';
import { throttleAccount } from './index';

/**
 * A rename, merge or delete of one of the user's tags (or the Undo of a delete), answered with their tags now: counted
 * against the library's rate limit, waited for (`settle`) so the answer holds the change.
 */
export async function changeLibraryTag(
  app: App,
  context: APIContext,
  command: Extract<TagCommand, { kind: 'rename' | 'delete' | 'undo-delete' }>,
  metadata: EventMetadata,
  settle: (appended: Awaited<ReturnType<typeof changeTags>>) => Promise<unknown>,
) {
  await throttleAccount(app, context, 'library', command.userId);
  const before = command.kind === 'rename' ? await listTags(app.db, command.userId) : [];
  const result = await changeTags(app.store, command, metadata);
  await settle(result);
  const tags = await listTags(app.db, command.userId);
  if (command.kind !== 'rename') return { tags };
  // A merge renames into a tag the library had already.
  const to = result.events[0]?.type === 'TagRenamed' ? result.events[0].data.to : null;
  return { tags, merged: to !== null && before.some((t) => t.tag === to) };
}
