/**
 * Work made in steps: a generator that yields between them (reading a large file, planning
 * its prompts), so a request can let the event loop turn while it runs, and a test or a
 * script can run it to its end at once.
 */
import { nextTurn } from '../../events/parts';

/** Runs work made in steps to its end at once. */
export function allSteps<T>(steps: Generator<void, T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Runs work made in steps with a turn of the event loop between two steps. */
export async function stepsWithTurns<T>(steps: Generator<void, T>): Promise<T> {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await nextTurn();
  }
}
