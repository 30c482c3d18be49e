import type { z } from 'zod';
import type { PersonalFields } from '../personal';
import * as prompts from './prompts';
import * as engagement from './engagement';
import * as accounts from './accounts';
import * as collections from './collections';
import * as devices from './devices';
import * as tokens from './tokens';
import * as imports from './imports';
import * as discussion from './discussion';
import * as members from './members';
import * as notifications from './notifications';
import * as tags from './tags';

export interface EventContract {
  /** The current schema version; older stored versions pass through `upcast` on read. */
  version: number;
  schema: z.ZodType;
  /** Turns the data of an older stored version into the current shape. */
  upcast?: (data: unknown, storedVersion: number) => unknown;
  /** Fields that are a person's own: sealed with their key in the log (events/personal.ts). */
  personal?: PersonalFields;
  /** A prompt's own text: sealed with the prompt's key, which its purge erases (events/personal.ts). */
  promptText?: PersonalFields;
}

/** Every event type the product knows, by name. Add a contract here to add an event. */
export const eventContracts = {
  ...prompts,
  ...engagement,
  ...accounts,
  ...collections,
  ...devices,
  ...tokens,
  ...imports,
  ...discussion,
  ...members,
  ...notifications,
  ...tags,
} satisfies Record<string, EventContract>;

export type EventType = keyof typeof eventContracts;
export type EventData<T extends EventType> = z.output<(typeof eventContracts)[T]['schema']>;
export type EventInput<T extends EventType> = z.input<(typeof eventContracts)[T]['schema']>;

/** An event about to be appended. */
export type NewEvent = { [T in EventType]: { type: T; data: EventInput<T> } }[EventType];

export const eventTypes = Object.keys(eventContracts) as EventType[];
