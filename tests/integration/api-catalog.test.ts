import { describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { readConfig } from '../../src/server/config';
import { seedPrompts } from '../../src/server/seed/prompts-data';
import { builtServerPerSuite } from '../support/http-suite';

/** The catalog endpoints over real HTTP against the production build, as the spec's table says. */
describe('catalog API', () => {
  const { dataDir, url, start, stop } = builtServerPerSuite('api', 3);
  const get = (path: string, init?: RequestInit) => fetch(`${url()}${path}`, init);

  it('GET /api/categories lists the five categories with slug, description and icon', async () => {
    const response = await get('/api/categories');
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.map((c: { slug: string }) => c.slug)).toEqual(['writing', 'coding', 'marketing', 'creative', 'education']);
    for (const c of body) expect(Object.keys(c).sort()).toEqual(['description', 'icon', 'id', 'name', 'slug']);
  });

  it('GET /api/prompts lists every public prompt with every field of the spec', async () => {
    const body = await (await get('/api/prompts')).json();
    expect(body).toHaveLength(seedPrompts.length);
    expect(Object.keys(body[0]).sort()).toEqual(
      [
        'authorId',
        'authorImage',
        'authorName',
        'categoryId',
        'content',
        // Beyond the spec's fields: how many members saved a copy (the detail page's "Saved copies").
        'copyCount',
        'createdAt',
        'description',
        // Beyond the spec's fields: how many ratings are Helpful (every screen shows their share).
        'helpfulCount',
        'id',
        'isApproved',
        'isEditorsPick',
        'isFeatured',
        'rating',
        // Beyond the spec's fields: how many ratings the score stands on (cards show it beside the score).
        'ratingCount',
        'reviewedAt',
        'reviewedBy',
        'title',
        'usageCount',
        // The version the public sees (the history and "Updated since you saved it" link to it).
        'version',
      ].sort(),
    );
    expect(body.every((p: { isApproved: boolean }) => p.isApproved)).toBe(true);
  });

  it('GET /api/prompts/featured and /editors-pick list only their prompts', async () => {
    const featured = await (await get('/api/prompts/featured')).json();
    expect(featured).toHaveLength(seedPrompts.filter((p) => p.isFeatured).length);
    expect(featured.every((p: { isFeatured: boolean }) => p.isFeatured)).toBe(true);
    const picks = await (await get('/api/prompts/editors-pick')).json();
    expect(picks).toHaveLength(seedPrompts.filter((p) => p.isEditorsPick).length);
    expect(picks.every((p: { isEditorsPick: boolean }) => p.isEditorsPick)).toBe(true);
  });

  it('GET /api/prompts/{id} answers one prompt, with an ETag that revalidates to 304', async () => {
    const response = await get('/api/prompts/1');
    expect(response.status).toBe(200);
    expect((await response.json()).id).toBe(1);
    const etag = response.headers.get('etag')!;
    expect(etag).toBeTruthy();
    const again = await get('/api/prompts/1', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  it('PUT /api/prompts/{id}/use counts the use and the next read shows it', async () => {
    const before = (await (await get('/api/prompts/2')).json()).usageCount;
    const response = await get('/api/prompts/2/use', { method: 'PUT' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: 2, usageCount: before + 1 });
    expect((await (await get('/api/prompts/2')).json()).usageCount).toBe(before + 1);
  });

  it('answers bad input with a 4xx JSON error and appends nothing', async () => {
    const bad: [string, RequestInit | undefined, number][] = [
      ['/api/prompts/abc', undefined, 400],
      ['/api/prompts/0', undefined, 400],
      ['/api/prompts/-3', undefined, 400],
      ['/api/prompts/1.5', undefined, 400],
      ['/api/prompts/999999', undefined, 404],
      ['/api/prompts/abc/use', { method: 'PUT' }, 400],
      ['/api/prompts/999999/use', { method: 'PUT' }, 404],
      ['/api/prompts/99999999999999999999/use', { method: 'PUT' }, 400],
      ['/api/prompts/1/use', { method: 'PUT', body: '{not json', headers: { 'content-type': 'application/json' } }, 200],
    ];
    for (const [path, init, status] of bad) {
      const response = await get(path, init);
      expect(response.status, path).toBe(status);
      expect(response.headers.get('content-type'), path).toContain('application/json');
      const body = await response.json();
      if (status >= 400) expect(typeof body.error, path).toBe('string');
    }
    // Only the one good use above (the body of PUT /use is ignored) may have been appended.
    await stop();
    const app = await createApp({ ...readConfig({}), dataDir, seed: false }, { boss: false, log: () => {} });
    try {
      const [{ n }] = await app.db.query<{ n: number }>(`select count(*)::int as n from events where metadata->>'requestId' <> 'seed'`);
      expect(n).toBe(2);
    } finally {
      await app.close();
    }
    await start();
  });
});
