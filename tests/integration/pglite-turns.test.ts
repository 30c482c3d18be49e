import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, freshApp } from '../support/backends';

/**
 * PGlite runs in the server's own thread and settles a query without the event loop polling
 * for I/O. Its adapter gives the loop a turn every few milliseconds of back-to-back queries,
 * so a long loop of them (an export, an import's parts, a projection catching up) never keeps
 * other requests, timers and sockets waiting until it ends.
 */
describe('PGlite and the event loop', () => {
  const pglite = backends.find((b) => b.name === 'pglite')!;
  let app: Awaited<ReturnType<typeof freshApp>>;
  beforeAll(async () => {
    app = await freshApp(pglite);
  });
  afterAll(async () => app?.dispose());

  it('lets a timer fire while a loop of queries runs, long before the loop ends', async () => {
    let queries = 0;
    let firedAfter: number | null = null;
    const timer = setTimeout(() => (firedAfter = queries), 20);
    const started = performance.now();
    while (performance.now() - started < 300) {
      await app.db.query('select 1');
      queries += 1;
    }
    clearTimeout(timer);
    expect(firedAfter).not.toBeNull();
    expect(firedAfter!).toBeLessThan(queries / 2);
  });
});
