import type { ElicitRequestFormParams, JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { ElicitResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { randomUUID } from 'node:crypto';
import { DomainError } from '../../../events';
import { builtInValues, initialFillValues, type TemplateVariable } from '../../../modules/prompts/contracts';
import { recentValues } from '../../../projections/recent-values/queries';
import { MCP_REFUSALS, type McpCaller } from './caller';

/**
 * Elicitation on a stateless server. A client that declares the `elicitation` capability (form
 * mode) at `initialize` is given an `Mcp-Session-Id` that says so; nothing is kept for it, so
 * any process answers its later requests. Its requests are answered as a stream (SSE), on which
 * `get_prompt` and `prompts/get` send `elicitation/create`; the client's answer is a POST of its
 * own, handed to the waiting request through `waiting` below when it reaches the same process.
 */
const SESSION_PREFIX = 'elicit-';

/** How long a request waits for the user's values before it fills in without them. */
export const ELICIT_TIMEOUT_MS = 5 * 60_000;

/** What a value may hold, as `get_prompt`'s `values`. */
const VALUE_MAX = 5000;

/** The session id for a client that declared form elicitation at `initialize` (an empty `elicitation: {}` means form). */
export function sessionForCapabilities(capabilities: unknown): string | undefined {
  const elicitation = (capabilities as { elicitation?: { form?: unknown; url?: unknown } } | undefined)?.elicitation;
  if (!elicitation || typeof elicitation !== 'object') return undefined;
  const form = 'form' in elicitation || !('url' in elicitation);
  return form ? `${SESSION_PREFIX}${randomUUID()}` : undefined;
}

/** Whether a request's session id is one this server gave a client that can be asked. */
export const sessionElicits = (sessionId: string | null | undefined): sessionId is string =>
  !!sessionId && sessionId.startsWith(SESSION_PREFIX) && sessionId.length <= 100;

/** The requests waiting for an answer, by session (one at a time each: request ids restart with every request's server). */
const waiting = new Map<string, { tokenId: number | null; deliver: (message: JSONRPCMessage) => void }>();

/**
 * A POST that only answers the server (JSON-RPC responses) for a session with a request
 * waiting in this process: handed to it. False when nothing here waits for it.
 */
export function deliverAnswer(sessionId: string | null, tokenId: number | null, body: unknown): boolean {
  if (!sessionElicits(sessionId)) return false;
  const messages = Array.isArray(body) ? body : [body];
  const answers = messages.every((m) => m && typeof m === 'object' && 'id' in m && ('result' in m || 'error' in m) && !('method' in m));
  const waiter = waiting.get(sessionId);
  if (!answers || !waiter || waiter.tokenId !== tokenId) return false;
  for (const message of messages) waiter.deliver(message as JSONRPCMessage);
  return true;
}

/** Registers the request's server as the one waiting in its session; false when another request waits already. */
export function waitInSession(sessionId: string, tokenId: number | null, deliver: (message: JSONRPCMessage) => void): (() => void) | null {
  if (waiting.has(sessionId)) return null;
  waiting.set(sessionId, { tokenId, deliver });
  return () => waiting.delete(sessionId);
}

/** What the request handler gives to send a request to the client, tied to the request being answered. */
export type SendRequest = (
  request: { method: 'elicitation/create'; params: ElicitRequestFormParams },
  schema: typeof ElicitResultSchema,
  options: { timeout: number },
) => Promise<unknown>;

/** Where a request can ask the user: its session's client elicits, and it holds the stream. */
export interface Asker {
  send: SendRequest;
}

/** The form's field for one variable: a choice lists its options, the rest are text; the first value is the last one used, else the default. */
function fieldOf(variable: TemplateVariable, first: string): ElicitRequestFormParams['requestedSchema']['properties'][string] {
  const initial = first === '' ? {} : { default: first };
  if (variable.options) return { type: 'string', title: variable.name, enum: [...variable.options], ...initial };
  const description = variable.default !== undefined ? `Default: ${variable.default}` : undefined;
  return { type: 'string', title: variable.name, maxLength: VALUE_MAX, ...(description ? { description } : {}), ...initial };
}

/**
 * Asks the user for the variables `given` lacks, when the client can be asked: the form holds
 * each missing variable (a built-in's value now, else its last value used with the prompt, else
 * its default, filled in).
 * Accepted, the answers join `given`; declined or cancelled, a refusal that says so; no
 * answer in ELICIT_TIMEOUT_MS (or a client that cannot be asked), `given` as it was.
 */
export async function askForValues(
  caller: McpCaller,
  asker: Asker | null,
  prompt: { id: number; title: string },
  variables: readonly TemplateVariable[],
  given: Record<string, string>,
): Promise<Record<string, string>> {
  const missing = variables.filter((v) => given[v.name] === undefined);
  if (!asker || missing.length === 0) return given;
  const names = missing.map((v) => v.name);
  const remembered = caller.user ? await recentValues(caller.app.db, caller.user.id, prompt.id, names) : {};
  const last = Object.fromEntries(Object.entries(remembered).flatMap(([name, values]) => (values[0] !== undefined ? [[name, values[0]]] : [])));
  // Built-ins ({{CURRENT_DATE}}, {{USER_NAME}}, …) start at their value now, as the site's form fills them: the server's clock and
  // time zone, the token user's name, the request's language; the clipboard is the client's, so CLIPBOARD is asked plainly.
  const context = { now: caller.app.clock(), language: caller.context.locals.lng, userName: caller.user?.name ?? null };
  const initial = { ...initialFillValues(missing, last), ...builtInValues(names, context) };
  const requestedSchema: ElicitRequestFormParams['requestedSchema'] = {
    type: 'object',
    properties: Object.fromEntries(missing.map((v) => [v.name, fieldOf(v, initial[v.name])])),
    required: missing.filter((v) => v.default === undefined && !v.options).map((v) => v.name),
  };
  const message = caller.context.locals.t('prompts:fill.mcpAsk', { title: prompt.title, interpolation: { escapeValue: false } });
  let answer: { action: string; content?: Record<string, unknown> };
  try {
    answer = (await asker.send({ method: 'elicitation/create', params: { mode: 'form', message, requestedSchema } }, ElicitResultSchema, {
      timeout: ELICIT_TIMEOUT_MS,
    })) as typeof answer;
  } catch {
    // No answer (the time ran out, the answer reached another process, the client failed): filled as without asking.
    return given;
  }
  if (answer.action === 'decline') throw new DomainError(MCP_REFUSALS.valuesDeclined);
  if (answer.action !== 'accept') throw new DomainError(MCP_REFUSALS.valuesCancelled);
  const values = { ...given };
  for (const variable of missing) {
    const value = answer.content?.[variable.name];
    // Only what the form asked for: a string, a choice among the options, within the length.
    if (typeof value !== 'string' || value.length > VALUE_MAX || (variable.options && !variable.options.includes(value))) continue;
    values[variable.name] = value;
  }
  return values;
}
