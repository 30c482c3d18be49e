import type { NewEvent } from './contracts';
import type { Appended, EventStore, StoreTx } from './store';
import { ConcurrencyError, type EventMetadata, type StoredEvent } from './types';

/** Who asks: a signed-in user (with the admin flag) or an anonymous visitor (`userId` null). */
export interface Actor {
  userId: number | null;
  isAdmin: boolean;
}

/** The system itself (seed, imports): no user, with the admin's curation rights. */
export const SYSTEM_ACTOR: Actor = { userId: null, isAdmin: true };

/**
 * A module's decisions over one stream: the state folded from its events, and a pure
 * `decide` that answers a command with new events (or throws DomainError to refuse).
 * No I/O: the command handler below does the loading and appending.
 */
export interface Decider<S, C> {
  initialState: S;
  evolve(state: S, event: StoredEvent): S;
  decide(command: C, state: S): NewEvent[];
}

export function fold<S>(decider: Pick<Decider<S, never>, 'initialState' | 'evolve'>, events: readonly StoredEvent[]): S {
  return events.reduce(decider.evolve, decider.initialState);
}

/** What one command works on. */
export interface CommandPlan<C> {
  /** The stream the decision appends to; its version at load time is the expected version. */
  stream: string;
  /**
   * Streams the decision only reads (e.g. the prompt a bookmark is about), folded before
   * `stream`. They are not version-checked: only use facts whose racing change is harmless
   * (a bookmark or rating that lands as its prompt is withdrawn is kept and hidden with it).
   */
  reads?: readonly string[];
  /**
   * The decision does not depend on `stream`'s past (e.g. a history entry): skip loading
   * it and append after whatever its head is.
   */
  appendOnly?: boolean;
  command: C;
}

export interface Decided<S> {
  /** The state after the new events. */
  state: S;
  events: StoredEvent[];
}

/** Load, fold, decide, append with the expected version, inside the caller's transaction. */
export async function executeIn<S, C>(tx: StoreTx, decider: Decider<S, C>, plan: CommandPlan<C>, metadata: EventMetadata): Promise<Decided<S>> {
  // Issued together: the PostgreSQL driver pipelines them on the transaction's connection.
  const [own, ...reads] = await Promise.all([
    plan.appendOnly ? null : tx.readStream(plan.stream),
    ...(plan.reads ?? []).map((stream) => tx.readStream(stream)),
  ]);
  let state = reads.reduce((s, events) => events!.reduce(decider.evolve, s), decider.initialState);
  if (own) state = own.reduce(decider.evolve, state);
  const decided = decider.decide(plan.command, state);
  if (decided.length === 0) return { state, events: [] };
  const stored = await tx.append(plan.stream, decided, {
    expectedVersion: own === null ? 'any' : own.length === 0 ? 'no_stream' : own.length,
    metadata,
  });
  return { state: stored.reduce(decider.evolve, state), events: stored };
}

export interface HandleOptions {
  /**
   * How often to decide again on a version conflict. Deciding again on the fresh state is
   * always safe (the decision sees what the other writer did), so the default retries.
   */
  retries?: number;
}

/**
 * The one transaction of a command, over one stream or several (an import's undo): `work`
 * reads and decides in it, and on a version conflict the whole of it runs again on the fresh
 * state, which is always safe (the decisions see what the other writer did).
 */
export async function transact<T>(store: EventStore, work: (tx: StoreTx) => Promise<T>, options: HandleOptions = {}): Promise<{ result: T } & Appended> {
  const retries = options.retries ?? 5;
  for (let attempt = 0; ; attempt++) {
    try {
      return await store.transaction(work);
    } catch (error) {
      if (!(error instanceof ConcurrencyError) || attempt >= retries) throw error;
    }
  }
}

/**
 * The one command handler: one transaction that loads the stream, folds, decides and
 * appends. `plan` may be a function of the transaction (to allocate an id first).
 */
export async function handle<S, C>(
  store: EventStore,
  decider: Decider<S, C>,
  plan: CommandPlan<C> | ((tx: StoreTx) => Promise<CommandPlan<C>>),
  metadata: EventMetadata,
  options: HandleOptions = {},
): Promise<Decided<S> & { last: Appended['last'] }> {
  const { result, events, last } = await transact(
    store,
    async (tx) => executeIn(tx, decider, typeof plan === 'function' ? await plan(tx) : plan, metadata),
    options,
  );
  return { state: result.state, events, last };
}

/**
 * Decides `commands` one after another on `state` without touching the store: each decision's
 * events are folded into the state the next one sees, as if appended. For many commands on
 * one stream (an imported prompt's versions), whose events then go in one append: the cost is
 * linear in the commands, where a load and an append per command is quadratic in them.
 */
export function decideAll<S, C>(decider: Decider<S, C>, stream: string, state: S, commands: readonly C[], from = 0): { state: S; events: NewEvent[] } {
  const events: NewEvent[] = [];
  const createdAt = new Date();
  for (const command of commands) {
    for (const event of decider.decide(command, state)) {
      events.push(event);
      // Not stored yet: only its place in the stream and its time are stood in for.
      const provisional = { ...event, streamId: stream, streamVersion: from + events.length, position: 0, txId: '0', metadata: {}, createdAt };
      state = decider.evolve(state, provisional as StoredEvent);
    }
  }
  return { state, events };
}

/** A command that starts a new stream: its id comes from the `counter` in the same transaction. */
export async function handleNew<S, C>(
  store: EventStore,
  decider: Decider<S, C>,
  counter: string,
  plan: (id: number) => CommandPlan<C>,
  metadata: EventMetadata,
): Promise<Decided<S> & { id: number; last: Appended['last'] }> {
  let id = 0;
  const decided = await handle(store, decider, async (tx) => plan((id = await tx.nextId(counter))), metadata);
  return { ...decided, id };
}
