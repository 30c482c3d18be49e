import type { GetPromptResult, ListPromptsResult, Prompt } from '@modelcontextprotocol/sdk/types.js';
import { DomainError } from '../../../events';
import { cursorParam, PAGE_MAX } from '../../../events/paging';
import { fillTemplate, templateVariables, type TemplateVariable } from '../../../modules/prompts/contracts';
import { getPromptFor, listPrompts } from '../../../projections/catalog/queries';
import { pageFavorites } from '../../../projections/engagement/queries';
import { listSubmissions } from '../../../projections/review/queries';
import { withPrompts } from '../library';
import { actorOf, MCP_REFUSALS, throttleCall, type McpCaller } from './caller';
import { askForValues, type Asker } from './elicit';

/** A prompt's MCP name: stable, ASCII, and the id `prompts/get` needs. Its title is shown beside it. */
export const promptName = (id: number) => `prompt-${id}`;
const idOfName = (name: string) => (/^prompt-([1-9]\d{0,9})$/.exec(name) ? Number(name.slice(7)) : null);

/** The prompt's variables as MCP arguments: names as written (Chinese included), required when they have no default. */
function argumentsOf(variables: readonly TemplateVariable[]): Prompt['arguments'] {
  return variables.map((v) => ({
    name: v.name,
    description: v.options ? `One of: ${v.options.join(', ')}` : v.default !== undefined ? `Default: ${v.default}` : undefined,
    required: v.default === undefined && !v.options,
  }));
}

const toPrompt = (p: { id: number; title: string; description: string; content: string }): Prompt => ({
  name: promptName(p.id),
  title: p.title,
  description: p.description,
  arguments: argumentsOf(templateVariables(p.content)),
});

/**
 * The cursor of `prompts/list`: the user's own prompts first, a page at a time, then their
 * bookmarks. Each part's own keyset cursor rides inside (events/paging.ts), so nothing is
 * skipped or repeated when the library changes between pages.
 */
type Cursor = { part: 'own' | 'bookmarks'; after?: number };
const encode = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');
function decode(raw: string | undefined): Cursor {
  if (!raw) return { part: 'own' };
  try {
    const parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Cursor;
    if ((parsed.part === 'own' || parsed.part === 'bookmarks') && cursorParam.optional().safeParse(parsed.after).success) return parsed;
  } catch {
    // falls through: a cursor this server did not make
  }
  throw new DomainError(MCP_REFUSALS.invalidCursor);
}

/**
 * `prompts/list`: with a token, the user's own prompts (any status but withdrawn) and their
 * bookmarks, a page of at most PAGE_MAX at a time; without one, the featured prompts and the
 * editors' picks (each once).
 */
export async function listMcpPrompts(caller: McpCaller, rawCursor: string | undefined): Promise<ListPromptsResult> {
  const { app, user } = caller;
  if (!user) {
    const [featured, picks] = await Promise.all([
      listPrompts(app.db, { source: 'featured', limit: PAGE_MAX }),
      listPrompts(app.db, { source: 'editors-pick', limit: PAGE_MAX }),
    ]);
    const unique = [...new Map([...featured, ...picks].map((p) => [p.id, p])).values()];
    return { prompts: unique.map(toPrompt) };
  }
  const cursor = decode(rawCursor);
  if (cursor.part === 'own') {
    const page = await listSubmissions(app.db, user.id, { limit: PAGE_MAX, cursor: cursor.after });
    const prompts = page.items.filter((p) => p.status !== 'withdrawn').map(toPrompt);
    return { prompts, nextCursor: encode(page.nextCursor ? { part: 'own', after: page.nextCursor } : { part: 'bookmarks' }) };
  }
  const page = await pageFavorites(app.db, user.id, { limit: PAGE_MAX, cursor: cursor.after });
  const bookmarked = await withPrompts(app, page.items);
  return {
    prompts: bookmarked.map((b) => toPrompt(b.prompt)),
    nextCursor: page.nextCursor ? encode({ part: 'bookmarks', after: page.nextCursor }) : undefined,
  };
}

/**
 * A prompt as the caller may see it (the REST API's rule: getPromptFor), with its variables
 * filled from `values`, and those it lacks asked of the user first when the client can be asked.
 */
export async function filledPrompt(caller: McpCaller, id: number, given: Record<string, string> = {}, asker: Asker | null = null) {
  const prompt = await getPromptFor(caller.app.db, id, actorOf(caller));
  if (!prompt) throw new DomainError(MCP_REFUSALS.promptNotFound);
  const variables = templateVariables(prompt.content);
  const values = await askForValues(caller, asker, prompt, variables, given);
  return { prompt, variables, values, text: fillTemplate(prompt.content, values) };
}

/** `prompts/get`: the prompt's text with the arguments filled in (those missing asked of the user when the client can be asked), as one user message. */
export async function getMcpPrompt(caller: McpCaller, name: string, args: Record<string, string> = {}, asker: Asker | null = null): Promise<GetPromptResult> {
  const id = idOfName(name);
  if (id === null) throw new DomainError(MCP_REFUSALS.promptNotFound);
  await throttleCall(caller);
  const { prompt, text } = await filledPrompt(caller, id, args, asker);
  return { description: prompt.title, messages: [{ role: 'user', content: { type: 'text', text } }] };
}
