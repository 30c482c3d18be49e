import { expect } from 'vitest';
import { DomainError, type Decider, type DeclaredRefusal, type NewEvent, type StoredEvent } from '../../events';

let position = 0;

/** Turns a new event into a stored one, as the store would (for folding in decision tests). */
export function stored(event: NewEvent, createdAt = new Date()): StoredEvent {
  position++;
  return {
    ...event,
    position,
    streamId: 'test',
    streamVersion: position,
    txId: '1',
    metadata: { actor: null, requestId: 'test', at: createdAt.toISOString() },
    createdAt,
  } as StoredEvent;
}

/**
 * Decision tests in given/when/then form:
 * `given(decider, past...).when(command).then(expected...)` or `.thenRefuses(COLLECTION_REFUSALS.notFound)`.
 * Past events are typed like new ones; give `[event, date]` to set when one happened.
 */
export function given<S, C>(decider: Decider<S, C>, ...past: (NewEvent | [NewEvent, Date])[]) {
  const state = past.map((e) => (Array.isArray(e) ? stored(e[0], e[1]) : stored(e))).reduce(decider.evolve, decider.initialState);
  return {
    state,
    when(command: C) {
      const decide = () => decider.decide(command, state);
      return {
        /** The decision's events, for assertions beyond `then`. */
        events: decide,
        then(...expected: NewEvent[]) {
          expect(decide()).toEqual(expected);
        },
        /** Refused with this declared refusal: its code, and so its kind (the status it answers). */
        thenRefuses(expected: { code: string; declared: DeclaredRefusal }) {
          let refusal: unknown;
          try {
            decide();
          } catch (error) {
            refusal = error;
          }
          expect(refusal).toBeInstanceOf(DomainError);
          expect({ code: (refusal as DomainError).code, kind: (refusal as DomainError).kind }).toEqual({ code: expected.code, kind: expected.declared.kind });
        },
      };
    },
  };
}
