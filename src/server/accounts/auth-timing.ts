/**
 * Timing for /api/auth/*.
 *
 * Every answer that could depend on whether an address is registered (register, forgot,
 * login, set-password) is held until at least Config.authMinResponseMs (AUTH_MIN_RESPONSE_MS,
 * default 250 ms) after validation passed, on top of doing the same work either way, so
 * timing does not tell.
 */

export async function sleep(ms: number): Promise<void> {
  if (ms > 0) await new Promise((r) => setTimeout(r, ms));
}

export async function holdUntil(startedAt: number, minMs: number): Promise<void> {
  await sleep(startedAt + minMs - Date.now());
}
