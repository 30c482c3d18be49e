import type { APIContext } from 'astro';
import type { PromptView } from '../../modules/prompts/contracts';
import { getPublicPrompts } from '../../projections/catalog/queries';
import type { App } from './app';
import { accountsFor } from './middleware/session';
import { clientIp } from './rate-limit';

/** Nests each row's public prompt (bookmarks, history, collection pages), keeping the rows' order. */
export async function withPrompts<T extends { promptId: number }>(app: App, rows: T[]): Promise<(T & { prompt: PromptView })[]> {
  const prompts = await getPublicPrompts(app.db, rows.map((r) => r.promptId));
  return rows.flatMap((r) => {
    const prompt = prompts.get(r.promptId);
    return prompt ? [{ ...r, prompt }] : [];
  });
}

/**
 * Copies and history entries are throttled per client address (RATE_LIMIT_USE_PER_IP per
 * RATE_LIMIT_WINDOW_SECONDS): 429 with Retry-After past it.
 */
export async function throttleUse(app: App, context: Pick<APIContext, 'request' | 'clientAddress'>): Promise<void> {
  await accountsFor(app).limiter.hit('use', { ip: clientIp(context) });
}
