import type { EventData, EventType } from './contracts';

export interface EventMetadata {
  /** The acting user's id, or null for the system and anonymous visitors. */
  actor: number | null;
  requestId: string;
  /** ISO time the command was handled. */
  at: string;
  /** The position of the event that caused this one, if any. */
  causationId?: string;
}

/** Where a reader stands in the log: events are read in (txId, position) order. */
export interface Checkpoint {
  txId: string;
  position: number;
}

export const START: Checkpoint = { txId: '0', position: 0 };

export type StoredEvent = {
  [T in EventType]: {
    type: T;
    data: EventData<T>;
    position: number;
    streamId: string;
    streamVersion: number;
    txId: string;
    metadata: EventMetadata;
    createdAt: Date;
  };
}[EventType];

export type EventOf<T extends EventType> = Extract<StoredEvent, { type: T }>;

/** `no_stream`: the stream must not exist; a number: its current version must equal it. */
export type ExpectedVersion = 'any' | 'no_stream' | number;

export class ConcurrencyError extends Error {
  readonly code = 'CONCURRENCY';
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedVersion,
    /** null when a concurrent writer took the version between our read and our insert. */
    readonly actual: number | null,
  ) {
    super(
      actual === null
        ? `Stream ${streamId} was appended to concurrently (expected ${expected})`
        : `Stream ${streamId} is at version ${actual}, expected ${expected}`,
    );
    this.name = 'ConcurrencyError';
  }
}

export class InvalidEventError extends Error {
  readonly code = 'INVALID_EVENT';
  constructor(
    readonly eventType: string,
    readonly issues: unknown,
  ) {
    super(`Event ${eventType} does not match its contract`);
    this.name = 'InvalidEventError';
  }
}

export function compareCheckpoints(a: Checkpoint, b: Checkpoint): number {
  const ax = BigInt(a.txId);
  const bx = BigInt(b.txId);
  if (ax !== bx) return ax < bx ? -1 : 1;
  return a.position - b.position;
}
