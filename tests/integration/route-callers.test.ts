import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteRef } from '../../events/route';
import { connectDevice } from '../../modules/devices';
import { EXTENSION_ORIGIN } from '../../modules/devices/contracts';
import { allRoutes } from '../../src/shared/api-routes';
import { backends, freshApp } from '../support/backends';
import { Browser, installApp, signUpAs } from './accounts-support';

/** Values for any route's params: the guard answers before they are looked at. */
const anyParams = { id: 1, promptId: 1, name: 'catalog' };

/**
 * The authorization matrix, read from the declarations: every route refuses the callers its
 * declaration does not name, through the real middlewares and endpoints, and a refused call
 * appends nothing.
 */
describe.each(backends)('who may call each route, on $name', (backend) => {
  let app: Awaited<ReturnType<typeof freshApp>>;
  const visitor = new Browser('10.3.0.1');
  const user = new Browser('10.3.0.2');
  const device = new Browser('10.3.0.3');
  let userId = 0;

  const call = (who: Browser, route: RouteRef) =>
    who.api(route as RouteRef & { path: '' }, { params: anyParams, body: route.method === 'GET' ? undefined : {} } as never);

  beforeAll(async () => {
    app = await freshApp(backend, { publicUrl: 'http://localhost:4321', adminEmail: 'admin@promptory.test' });
    installApp(app);
    userId = await signUpAs(app, user, 'member@example.com');
    const token = randomBytes(32).toString('base64url');
    const meta = { actor: userId, requestId: 'test', at: new Date().toISOString() };
    await connectDevice(app.store, userId, { name: 'Laptop', tokenHash: createHash('sha256').update(token).digest('hex') }, meta);
    device.headers = { authorization: `Bearer ${token}`, origin: EXTENSION_ORIGIN };
    visitor.headers = user.headers = { origin: 'http://localhost:4321' };
  });
  afterAll(async () => app?.dispose());

  it('answers a visitor 401 wherever the declaration asks for a signed-in caller', async () => {
    const guarded = allRoutes.filter((r) => r.caller !== 'anyone');
    expect(guarded.length).toBeGreaterThan(20);
    const before = await app.store.count();
    for (const r of guarded) expect.soft((await call(visitor, r)).status, `${r.method} ${r.path}`).toBe(401);
    expect(await app.store.count()).toBe(before);
  });

  it("answers a signed-in user 403 on the admin's routes", async () => {
    const before = await app.store.count();
    for (const r of allRoutes.filter((r) => r.caller === 'admin')) expect.soft((await call(user, r)).status, `${r.method} ${r.path}`).toBe(403);
    expect(await app.store.count()).toBe(before);
  });

  it('answers a connected device 403 outside its declared scope, and lets it through inside', async () => {
    const before = await app.store.count();
    for (const r of allRoutes.filter((r) => !r.device)) expect.soft((await call(device, r)).status, `${r.method} ${r.path}`).toBe(403);
    expect(await app.store.count()).toBe(before);
    for (const r of allRoutes.filter((r) => r.device && r.method === 'GET' && !r.path.includes('{'))) {
      expect.soft((await call(device, r)).status, `${r.method} ${r.path}`).toBe(200);
    }
  });
});
