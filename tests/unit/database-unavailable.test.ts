import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../../src/server/db/unavailable';
import { errorResponse } from '../../src/server/http';

/** A request that meets a database restart is answered 503 with Retry-After, not 500. */
describe('database unavailable', () => {
  const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
  const shuttingDown = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
  const startingUp = Object.assign(new Error('the database system is starting up'), { code: '57P03' });
  const closed = Object.assign(new Error('write CONNECTION_CLOSED'), { code: 'CONNECTION_CLOSED' });

  it('recognises refused, cut and shutting-down connections, alone or wrapped', () => {
    for (const e of [refused, shuttingDown, startingUp, closed, new AggregateError([refused]), new Error('wrapped', { cause: closed })]) {
      expect(isDatabaseUnavailable(e)).toBe(true);
    }
    for (const e of [
      new Error('boom'),
      Object.assign(new Error('syntax'), { code: '42601' }),
      Object.assign(new Error('unique'), { code: '23505' }),
      null,
      'x',
    ]) {
      expect(isDatabaseUnavailable(e)).toBe(false);
    }
  });

  it('maps them to 503 JSON with Retry-After; other errors stay 500', async () => {
    const response = errorResponse(refused, 'req-1');
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(await response.json()).toMatchObject({ error: expect.stringContaining('unavailable'), code: 'server.unavailable' });
    expect(errorResponse(new Error('boom')).status).toBe(500);
  });
});
