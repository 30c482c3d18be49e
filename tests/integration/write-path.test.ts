import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../src/shared/api-routes';
import { backends, freshApp, settleAll } from '../support/backends';
import { recordRoundTrips } from '../support/round-trips';
import { Browser, installApp, signUpAs } from './accounts-support';

/**
 * The write path's cost in database round trips (issue 19): a rating is the hottest write, and
 * at a few hundred per second every round trip it waits on is CPU on both sides.
 */
describe.each(backends)('the write path on $name', (backend) => {
  let app: Awaited<ReturnType<typeof freshApp>>;
  const rater = new Browser('10.9.0.1');

  beforeAll(async () => {
    app = await freshApp(backend, { publicUrl: 'http://localhost:4321', seed: true });
    await settleAll(app);
    installApp(app);
    await signUpAs(app, rater, 'rater@example.com');
    await rater.api(routes.rate, { body: { promptId: 2, value: 5 } });
  });
  afterAll(async () => app?.dispose());

  it('rates in few round trips', async () => {
    const recorder = recordRoundTrips(app.db);
    try {
      const answer = await rater.api(routes.rate, { body: { promptId: 3, value: 5 } });
      expect(answer.status).toBe(200);
      console.log(recorder.sent.map((s) => `${s.roundTrip}: ${s.text.slice(0, 110)}`).join('\n'));
      console.log('round trips', recorder.roundTrips());
    } finally {
      recorder.stop();
    }
  });
});
