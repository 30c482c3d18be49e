import { describe, expect, it } from 'vitest';
import { backends } from '../support/backends';
import { serverPerSuite } from '../support/http-suite';

const ADMIN = 'admin@promptory.test';

/**
 * The submission and review flow over real HTTP against the production build (routing,
 * middlewares, cookies), on each backend: submit, see it pending, approve or reject from
 * the queue, withdraw, and read the history and the queue as it stood before the review.
 */
describe.each(backends)('review over HTTP on $name', (backend) => {
  const { visitor: client, signIn } = serverPerSuite(backend, { pglite: 4, postgres: 5 }, ADMIN);

  it('submit, pending, approve and reject, withdraw, history and the queue as of before the review', async () => {
    const admin = await signIn(ADMIN, 'Admin');
    const ann = await signIn('ann@example.com', 'Ann Lee');
    const visitor = client();
    const body = { title: 'Over HTTP', description: 'Submitted over real HTTP.', content: 'Content of the HTTP prompt, long enough.', categoryId: 1 };

    expect((await visitor('POST', '/api/prompts', body)).status).toBe(401);
    const one = await ann('POST', '/api/prompts', body);
    expect(one.status).toBe(201);
    expect(one.body).toMatchObject({ status: 'pending', authorName: 'Ann Lee' });
    const two = (await ann('POST', '/api/prompts', { ...body, title: 'Over HTTP, rejected' })).body.id as number;
    const id = one.body.id as number;
    expect((await visitor('GET', `/api/prompts/${id}`)).status).toBe(404);
    expect((await ann('GET', `/api/prompts/${id}`)).body.status).toBe('pending');
    expect((await ann('GET', '/api/prompts/my')).body.items.map((p: { id: number }) => p.id)).toEqual([two, id]);
    expect((await ann('GET', '/api/admin/prompts/pending')).status).toBe(403);
    const queued = (await admin('GET', '/api/admin/prompts/pending')).body.items.map((p: { id: number }) => p.id);
    expect(queued).toEqual(expect.arrayContaining([id, two]));

    const beforeReview = new Date();
    while (Date.now() <= beforeReview.getTime() + 1) await new Promise((r) => setTimeout(r, 2));
    expect((await admin('PUT', `/api/admin/prompts/${id}/review`, { isApproved: true })).status).toBe(200);
    expect((await admin('PUT', `/api/admin/prompts/${id}/review`, { isApproved: true })).status).toBe(409);
    expect((await admin('PUT', `/api/admin/prompts/${two}/review`, { isApproved: false, reason: 'duplicate' })).status).toBe(200);
    expect((await visitor('GET', `/api/prompts/${id}`)).body).toMatchObject({ id, isApproved: true });
    expect((await visitor('GET', '/api/prompts')).body.map((p: { id: number }) => p.id)).toContain(id);
    expect((await visitor('GET', `/api/prompts/${two}`)).status).toBe(404);

    const asOf = (await admin('GET', `/api/admin/prompts/pending?asOf=${encodeURIComponent(beforeReview.toISOString())}`)).body.items;
    expect(asOf.map((p: { id: number }) => p.id)).toEqual(expect.arrayContaining([id, two]));
    const history = (await admin('GET', '/api/admin/reviews')).body.items as { promptId: number; decision: string; actorName: string }[];
    expect(history.filter((e) => e.promptId === id || e.promptId === two).map((e) => [e.promptId, e.decision, e.actorName])).toEqual([
      [two, 'rejected', 'Admin'],
      [id, 'approved', 'Admin'],
      [two, 'submitted', 'Ann Lee'],
      [id, 'submitted', 'Ann Lee'],
    ]);

    expect((await ann('DELETE', `/api/prompts/${id}`)).body).toMatchObject({ status: 'withdrawn', changed: true });
    expect((await visitor('GET', '/api/prompts')).body.map((p: { id: number }) => p.id)).not.toContain(id);
    expect((await ann('GET', '/api/prompts/my')).body.items.map((p: { status: string }) => p.status)).toEqual(['rejected', 'withdrawn']);
    const stats = (await admin('GET', '/api/admin/stats')).body;
    expect(stats).toMatchObject({ totalUsers: 2, prompts: { rejected: 1, withdrawn: 1 } });
  });
});
