import { describe, expect, it } from 'vitest';
import { LANGUAGE_COOKIE } from '../../src/i18n/languages';
import { onRequest } from '../../src/middleware';
import { UNSTORABLE_TEXT } from '../../src/server/http';
import { routes } from '../../src/shared/api-routes';
import { backends, freshApp, suiteApp } from '../support/backends';
import { Browser, installApp, signUpAs, testChain } from '../support/test-app';

/**
 * The test app answers as production does: each request runs through src/middleware.ts's
 * chain, every middleware of it in its order, before the endpoint. Each check below is the
 * work of a middleware a partial chain would leave out.
 */
describe.each(backends)('the test app runs the production middleware chain, on $name', (backend) => {
  const app = suiteApp(async () => {
    const booted = await freshApp(backend, { publicUrl: 'http://localhost:4321' });
    installApp(booted);
    return booted;
  });

  it('is the chain production serves with', () => {
    expect(testChain).toBe(onRequest);
  });

  it('an undeclared API path or method is answered in JSON before any endpoint, with the security headers', async () => {
    const missing = await new Browser().send({ method: 'GET', path: '/api/no-such-thing' });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ error: 'Not found', code: 'request.notFound' });
    expect(missing.headers.get('x-content-type-options')).toBe('nosniff');
    const wrongMethod = await new Browser().send({ method: 'DELETE', path: routes.categories.path });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('GET, HEAD');
  });

  it('a query that cannot be stored is refused before the endpoint reads it', async () => {
    const r = await new Browser().send({ method: 'GET', path: `${routes.prompts.path}?q=%00` });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ error: UNSTORABLE_TEXT, code: 'request.unstorableText' });
  });

  it('chooses the language and remembers a chosen one in its cookie', async () => {
    const browser = new Browser();
    expect((await browser.send({ method: 'GET', path: `${routes.categories.path}?lng=zh-HK` })).status).toBe(200);
    expect(browser.jar.get(LANGUAGE_COOKIE)).toBe('zh-HK');
  });

  it('resolves the session cookie into the signed-in user', async () => {
    const browser = new Browser();
    await signUpAs(app(), browser, 'chain@example.com');
    expect((await browser.api(routes.me)).body.user).toMatchObject({ email: 'chain@example.com' });
  });
});
