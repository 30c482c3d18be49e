import type { EventMetadata } from '../../events';
import { reviewPrompt, submitPrompt } from '../../modules/prompts';
import { settleAll, type TestApp } from './backends';

/** The author every fixture prompt is submitted by (user 9, no account behind it). */
export const FIXTURE_AUTHOR = { userId: 9, isAdmin: false };
const admin = { userId: 1, isAdmin: true };

export interface FixturePrompt {
  title: string;
  description: string;
  content: string;
  categoryId: number;
  authorName: string;
  /** Submitted, never approved: search must not show it. */
  pending?: boolean;
}

/** A fixture prompt in one line: most of a search library is written by the same tester. */
export function fixture(title: string, description: string, content: string, categoryId: number, authorName = 'Tester'): FixturePrompt {
  return { title, description, content, categoryId, authorName };
}

/**
 * Submits each prompt as FIXTURE_AUTHOR, approves it unless `pending`, and waits for the read
 * models: a search test's library. The ids by title.
 */
export async function publishFixtures(app: TestApp, fixtures: readonly FixturePrompt[], requestId: string): Promise<Map<string, number>> {
  const meta = (): EventMetadata => ({ actor: null, requestId, at: new Date().toISOString() });
  const ids = new Map<string, number>();
  for (const { pending, ...f } of fixtures) {
    const submitted = await submitPrompt(app.store, { ...f, isFeatured: false, isEditorsPick: false }, FIXTURE_AUTHOR, meta());
    ids.set(f.title, submitted.result.id);
    if (!pending) await reviewPrompt(app.store, submitted.result.id, true, admin, meta());
  }
  await settleAll(app);
  return ids;
}
