import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { RouteSpec } from '../../events/route';
import { allRoutes, routes } from '../../src/shared/api-routes';
import { backends, freshApp, suiteApp } from '../support/backends';
import { Browser, installApp, signedInBrowser } from '../support/test-app';

/**
 * No input makes an endpoint answer 500. fast-check generates params,
 * query strings and JSON bodies for every declared route (through the real middlewares and
 * endpoints, as the admin, so every guard lets the request reach the parsers) and each
 * answer must be below 500. Values lean towards what broke before: ids past 2^31, non-canonical
 * spellings, NUL bytes, lone UTF-16 surrogates, impossible dates. A few seconds: the runs are few
 * per route, the generators aimed.
 */
const ADMIN = 'admin@promptory.test';

const nasty = fc.constantFrom(
  '2147483648',
  '2147483647',
  '99999999999999999999',
  '5.0',
  '005',
  '0x5',
  '-1',
  '0',
  '1e3',
  ' 5',
  'NaN',
  'a\u0000b',
  '\ud800',
  'x\udfff',
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59Z',
  '',
);
const text = fc.oneof(nasty, fc.string({ unit: 'binary', maxLength: 12 }), fc.nat().map(String));
const value: fc.Arbitrary<unknown> = fc.oneof(
  text,
  fc.constantFrom(2 ** 31, 2 ** 53, -1, 0, 1.5, 1e308, true, null),
  fc.integer(),
  fc.array(text, { maxLength: 2 }),
);

/** The keys a schema names (an object's shape), plus one it does not. */
function keysOf(schema: z.ZodType | undefined): string[] {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return [...Object.keys(shape ?? {}), 'extra'];
}

/** A param as a client writes it into a URL: percent-encoded, a lone surrogate turned into U+FFFD as the URL standard does. */
const segment = (value: string) => encodeURIComponent(value.replace(/\p{Cs}/gu, '\ufffd'));
/** The route's path with `params` in it, in order, and the query string. */
const urlOf = (route: RouteSpec, params: string[], query = '') => {
  let i = 0;
  return route.path.replace(/\{\w+\}/g, () => segment(params[i++])) + (query ? `?${query}` : '');
};

const paramNames = (route: RouteSpec) => [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);

function requestFor(route: RouteSpec) {
  return fc.record({
    params: fc.tuple(...paramNames(route).map(() => text)),
    query: fc.dictionary(fc.constantFrom(...keysOf(route.query)), text, { maxKeys: 3 }),
    body: fc.oneof(fc.dictionary(fc.constantFrom(...keysOf(route.body)), value, { maxKeys: 5 }), fc.jsonValue({ maxDepth: 2 })),
  });
}

describe.each(backends.slice(0, 1))('every route answers bad input below 500, on $name', (backend) => {
  let admin: Browser;
  const app = suiteApp(async () => {
    const booted = await freshApp(backend, { publicUrl: 'http://localhost:4321', adminEmail: ADMIN, authMinResponseMs: 0 });
    installApp(booted);
    admin = await signedInBrowser(booted, ADMIN, 'Admin', ADMIN);
    admin.headers = { origin: 'http://localhost:4321' };
    return booted;
  });

  it("the review's examples answer 4xx", async () => {
    expect(app()).toBeTruthy();
    const cases: [RouteSpec, { params?: Record<string, string>; query?: string; body?: unknown }][] = [
      [routes.pending, { query: 'asOf=0000-01-01T00:00:00Z' }],
      [routes.prompt, { params: { id: '2147483648' } }],
      [routes.prompt, { params: { id: '5.0' } }],
      [routes.prompt, { params: { id: '0x5' } }],
      [routes.collection, { params: { id: '2147483648' } }],
      [routes.extensionPrompts, { query: 'categoryId=2147483648' }],
      [routes.register, { body: { name: 'Ann\u0000Lee', email: 'ann@example.com' } }],
      [routes.createCollection, { body: { name: 'Odd \ud800', description: 'A description long enough' } }],
    ];
    for (const [route, { params, query, body }] of cases) {
      const path = urlOf(route, Object.values(params ?? {}), query);
      const r = await admin.send({ method: route.method, path, body });
      expect.soft(r.status, `${route.method} ${path} ${JSON.stringify(params ?? body ?? '')}`).toBeGreaterThanOrEqual(400);
      expect.soft(r.status, `${route.method} ${path} ${JSON.stringify(params ?? body ?? '')}`).toBeLessThan(500);
    }
  });

  /**
   * Valid bodies with one field spoiled: a random body is refused by its first wrong field,
   * so the text fields that reach the database are spoiled one at a time here.
   */
  const valid: [RouteSpec, Record<string, unknown>][] = [
    [routes.register, { name: 'Ann Lee', email: 'ann@example.com', username: 'annlee' }],
    [routes.forgotPassword, { email: 'ann@example.com' }],
    [routes.login, { email: 'ann@example.com', password: 'correct horse battery' }],
    [routes.createCollection, { name: 'Writing', description: 'Prompts for writing well', isPublic: false }],
    [
      routes.submit,
      { title: 'A fine title', description: 'A description long enough', content: 'Content long enough to be a prompt', categoryId: 1, authorName: 'Ann' },
    ],
    [routes.recordHistory, { promptId: 1, modifiedContent: 'changed text' }],
    [routes.connectDevice, { name: 'Laptop', tokenHash: 'a'.repeat(64) }],
    [routes.requestConnection, { name: 'Laptop', tokenHash: 'b'.repeat(64) }],
  ];
  it('valid bodies with one field spoiled', async () => {
    expect(app()).toBeTruthy();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...valid), fc.nat(), nasty, async ([route, body], which, spoiled) => {
        const keys = Object.keys(body);
        const key = keys[which % keys.length];
        const r = await admin.send({ method: route.method, path: route.path, body: { ...body, [key]: spoiled } });
        expect(r.status, JSON.stringify({ route: route.path, key, spoiled, answer: r.body })).toBeLessThan(500);
      }),
      { numRuns: 30, seed: Number(process.env.FUZZ_SEED) || undefined },
    );
  });

  it.each(allRoutes.map((r) => [`${r.method} ${r.path}`, r] as const))('%s', async (_, route) => {
    expect(app()).toBeTruthy();
    await fc.assert(
      fc.asyncProperty(requestFor(route), async ({ params, query, body }) => {
        const search = new URLSearchParams(query as Record<string, string>).toString();
        const path = urlOf(route, params, search);
        // Signing out would end the admin's session for every later run: a visitor signs out.
        const caller = route.path === '/api/auth/logout' ? new Browser().with(admin.headers) : admin;
        const r = await caller.send({ method: route.method, path, body: route.method === 'GET' ? undefined : body });
        expect(r.status, JSON.stringify({ params, query, body, answer: r.body })).toBeLessThan(500);
      }),
      { numRuns: 6, seed: Number(process.env.FUZZ_SEED) || undefined },
    );
  });
});

/**
 * Every declared route's query and path parameters, from the declarations, against a fixed
 * table of values that broke endpoints before (numbers past 2^31 and 2^63, negative, NUL,
 * lone surrogates, empty) and repeated or bracketed keys, as a visitor, a signed-in member and
 * the admin: nothing answers 500, and every refusal is JSON `{ error }`. A write gets a list as
 * its body, which no route takes, so a query or path parameter that passes changes nothing.
 */
const BAD_VALUES = [
  '2147483647',
  '2147483648',
  '-2147483649',
  '9223372036854775807',
  '9223372036854775808',
  '-9223372036854775809',
  '99999999999999999999',
  String(Number.MAX_SAFE_INTEGER),
  '-1',
  '0',
  '1e3',
  '5.0',
  'a\u0000b',
  '\ud800',
  'x\udfff',
  '',
];

interface Probe {
  params: Record<string, string>;
  search: string;
  label: string;
}

function probesFor(route: RouteSpec): Probe[] {
  const names = paramNames(route);
  const good = Object.fromEntries(names.map((n) => [n, '1']));
  const probes: Probe[] = [];
  const probe = (params: Record<string, string>, search: string, label: string) => probes.push({ params, search, label });
  for (const name of names) for (const bad of BAD_VALUES) probe({ ...good, [name]: bad }, '', `{${name}}=${JSON.stringify(bad)}`);
  const declared = keysOf(route.query).slice(0, -1);
  for (const key of declared) {
    for (const bad of BAD_VALUES) probe(good, new URLSearchParams({ [key]: bad }).toString(), `${key}=${JSON.stringify(bad)}`);
    probe(good, `${key}=1&${key}=2147483648`, `${key} repeated`);
    probe(good, `${key}[]=1&${key}[0]=2`, `${key}[] as a list`);
  }
  // A key no route declares reaches no schema; the text check still sees it, its name and its value.
  for (const bad of ['a\u0000b', '\ud800']) {
    probe(good, new URLSearchParams({ extra: bad }).toString(), `extra=${JSON.stringify(bad)}`);
    probe(good, new URLSearchParams({ [bad]: '1' }).toString(), `${JSON.stringify(bad)}=1`);
  }
  return probes;
}

describe.each(backends)('every declared route refuses bad query and path parameters with JSON 4xx, never 500, on $name', (backend) => {
  const callers: Record<string, Browser> = {};
  const app = suiteApp(async () => {
    const booted = await freshApp(backend, { publicUrl: 'http://localhost:4321', adminEmail: ADMIN, authMinResponseMs: 0 });
    installApp(booted);
    callers.visitor = new Browser();
    callers.member = await signedInBrowser(booted, 'member@promptory.test', 'Member', ADMIN);
    callers.admin = await signedInBrowser(booted, ADMIN, 'Admin', ADMIN);
    for (const b of Object.values(callers)) b.headers = { origin: 'http://localhost:4321' };
    return booted;
  });

  it.each(['visitor', 'member', 'admin'])(
    'as %s',
    async (who) => {
      expect(app()).toBeTruthy();
      const failures: string[] = [];
      for (const route of allRoutes) {
        for (const probe of probesFor(route)) {
          const path = urlOf(
            route,
            paramNames(route).map((name) => probe.params[name] ?? '1'),
            probe.search,
          );
          // Signing out would end this caller's session for every later probe: a visitor signs out.
          const caller = route.path === '/api/auth/logout' ? new Browser() : callers[who];
          const r = await caller.send({ method: route.method, path, body: route.method === 'GET' ? undefined : [], headers: caller.headers });
          const refusedAsJson = r.status < 400 || (typeof r.body === 'object' && r.body !== null && typeof r.body.error === 'string');
          if (r.status >= 500 || !refusedAsJson)
            failures.push(`${route.method} ${route.path} ${probe.label}: ${r.status} ${JSON.stringify(r.body).slice(0, 200)}`);
        }
      }
      expect(failures).toEqual([]);
    },
    120_000,
  );
});
