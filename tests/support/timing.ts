/**
 * Does case A take as long as case B? Fixed millisecond bounds fail on a busy machine and
 * pass a real leak on an idle one, so instead: measure A and B back to back in pairs,
 * alternating which goes first so drift in machine load hits both alike, and count the
 * pairs in which A was the slower (a sign test). With no difference each pair is a coin
 * toss; a leak makes one case slower in nearly every pair. With 16 pairs, 15 or more one
 * way happens by chance once in 2,000 runs.
 */
export const TIMING_PAIRS = 16;

export async function timedPairs(a: () => Promise<unknown>, b: () => Promise<unknown>, pairs = TIMING_PAIRS): Promise<{ aSlower: number; pairs: number }> {
  const time = async (fn: () => Promise<unknown>) => {
    const t0 = performance.now();
    await fn();
    return performance.now() - t0;
  };
  let aSlower = 0;
  for (let i = 0; i < pairs; i++) {
    let ta: number;
    let tb: number;
    if (i % 2 === 0) {
      ta = await time(a);
      tb = await time(b);
    } else {
      tb = await time(b);
      ta = await time(a);
    }
    if (ta > tb) aSlower++;
  }
  return { aSlower, pairs };
}

/** Whether the counts are what equal timing gives: neither case slower in all but one pair or fewer. */
export const indistinguishable = ({ aSlower, pairs }: { aSlower: number; pairs: number }) => aSlower > 1 && aSlower < pairs - 1;
