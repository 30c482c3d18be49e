import type { APIContext } from 'astro';
import type { Actor, Appended, EventMetadata } from '../../../events';
import { submitPrompt, type SubmitPromptRequest } from '../../../modules/prompts';
import { getPromptFor } from '../../../projections/catalog/queries';
import { countPendingBy } from '../../../projections/review/queries';
import type { App } from '../app';
import { duplicateFinder } from './duplicates';
import { throttleAccount } from '../library';

/** Every match comes with its id for the event (the submitter is told only what they may know, by the check route). */
const ADMIN_VIEW = { userId: null, isAdmin: true };

/** The near-duplicates of a prompt going to review, for the admin's queue. */
export async function similarIds(app: App, text: { title: string; content: string }, excludeId?: number): Promise<number[]> {
  return (await duplicateFinder(app).find(text, ADMIN_VIEW, excludeId)).flatMap((m) => (m.id === null ? [] : [m.id]));
}
import type { SessionUser } from '../accounts/session-user';

/**
 * The byline of a member's new prompt: the author name they gave, else their account's name,
 * with the account's name beside it so the decision can tell a pen name (which hides the
 * account) from their own.
 */
export function bylineOf(user: Pick<SessionUser, 'name'>, authorName: string | undefined) {
  return { authorName: authorName ?? user.name, accountName: user.name };
}

/**
 * A new prompt, public (pending review) or private, from a request already parsed with
 * `submitPromptRequest`: POST /api/prompts and the MCP tool `save_prompt` both come here, so
 * both meet the same limits and the same decision. Answers the prompt as its author sees it.
 */
export async function submitFor(
  app: App,
  context: Pick<APIContext, 'request' | 'clientAddress'>,
  call: { user: SessionUser; actor: Actor; metadata: EventMetadata; settle(appended: Appended): Promise<unknown> },
  body: SubmitPromptRequest,
) {
  const { user, actor, metadata } = call;
  // Submission limits: a rate per account here, the pending count in the decision.
  // The admin (who also imports) is held to neither.
  if (!actor.isAdmin) await throttleAccount(app, context, 'submit', user.id);
  const pending = actor.isAdmin ? 0 : await countPendingBy(app.db, user.id);
  // The admin's queue marks likely duplicates: found here, whichever surface submits, and kept in the event.
  const similarTo = body.visibility === 'public' ? await similarIds(app, body) : [];
  const submission = { ...body, ...bylineOf(user, body.authorName), similarTo, duplicateNote: body.duplicateNote ?? null };
  const appended = await submitPrompt(app.store, submission, actor, metadata, pending);
  await call.settle(appended);
  const prompt = await getPromptFor(app.db, appended.result.id, actor);
  if (!prompt) throw new Error(`submitted prompt ${appended.result.id} is not in the catalog after settling`);
  return prompt;
}

/**
 * An existing prompt going (back) to the review queue on its author's word (a private one
 * shared, a rejected one resubmitted): held to the same limits as a new submission.
 * `decide` runs the command with the author's pending count. Answers the prompt as they see it.
 */
export async function requeueFor(
  app: App,
  context: Pick<APIContext, 'request' | 'clientAddress'>,
  call: { user: SessionUser; actor: Actor; settle(appended: Appended): Promise<unknown> },
  promptId: number,
  decide: (pendingByAuthor: number) => Promise<Appended>,
) {
  const { user, actor } = call;
  if (!actor.isAdmin) await throttleAccount(app, context, 'submit', user.id);
  const pending = actor.isAdmin ? 0 : await countPendingBy(app.db, user.id);
  await call.settle(await decide(pending));
  const prompt = await getPromptFor(app.db, promptId, actor);
  if (!prompt) throw new Error(`prompt ${promptId} is not in the catalog after settling`);
  return prompt;
}
