import { readFileSync } from 'node:fs';

/** "Now" for what the product records and shows by date: event times, the leaderboards' periods, the page cache's day. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/**
 * The end-to-end tests' clock (TEST_CLOCK_FILE, accepted on a loopback PUBLIC_URL only:
 * src/server/config.ts): the file holds an offset in milliseconds added to the system time, so
 * a test moves the site across a week boundary and time still runs. No file, or no number in
 * it: the system time.
 */
export function offsetClock(file: string): Clock {
  return () => {
    let offset = 0;
    try {
      offset = Number(readFileSync(file, 'utf8').trim()) || 0;
    } catch {
      // No file yet: the system time.
    }
    return new Date(Date.now() + offset);
  };
}
