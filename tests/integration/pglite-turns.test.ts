import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inBackground } from '../../events/background';
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

  it("lets a person's queries go before background work, between them as well as at first", async () => {
    // A transaction of background work (an import's part, a projection step) that takes some ms.
    const work = (tx: { query(text: string): Promise<unknown> }) => tx.query('select count(*) from generate_series(1, 200000)');
    const started = performance.now();
    await app.db.transaction(work);
    const part = performance.now() - started;
    let running = true;
    const background = inBackground(async () => {
      while (running) await app.db.transaction(work);
    });
    // A request: ten queries in turn, a moment of its own work between two.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const asked = performance.now();
    for (let i = 0; i < 10; i++) {
      await app.db.query('select 1');
      await new Promise((resolve) => setImmediate(resolve));
    }
    const waited = performance.now() - asked;
    running = false;
    await background;
    // Behind one part at most (the one running when it asked); were the parts to take the
    // connection between its queries, it would wait for about half a part ten times over.
    expect(waited).toBeLessThan(2.5 * part);
  });
});
