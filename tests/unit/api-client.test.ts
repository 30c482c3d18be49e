import { describe, expect, it } from 'vitest';
import { apiClient, type ApiRequest } from '../../src/shared/api-client';
import * as routes from '../../src/shared/api-routes.generated';

/** The one typed client: what goes on the wire comes from the route's declaration. */
describe('the typed client', () => {
  const sent: ApiRequest[] = [];
  const api = apiClient(async (request) => {
    sent.push(request);
    return { echoed: request.path };
  });

  it('puts params in the path, the query in the search string and the body as given', async () => {
    sent.length = 0;
    await api(routes.addToCollection, { params: { id: 4 }, body: { promptId: 9 } });
    await api(routes.pending, { query: { asOf: '2026-11-25T00:00:00Z' } });
    await api(routes.pending);
    await api(routes.signOutDevice);
    expect(sent).toEqual([
      { method: 'POST', path: '/api/collections/4/prompts', body: { promptId: 9 } },
      { method: 'GET', path: '/api/admin/prompts/pending?asOf=2026-11-25T00%3A00%3A00Z' },
      { method: 'GET', path: '/api/admin/prompts/pending' },
      { method: 'DELETE', path: '/api/extension/devices/current' },
    ]);
  });
});

/**
 * What the declarations refuse at compile time: each call below is a type error, and
 * `npm test`'s type check fails if one of them stops being one. Never called.
 */
export function refusedByTheTypes(api: ReturnType<typeof apiClient>) {
  // @ts-expect-error a rating needs its body
  void api(routes.rate);
  // @ts-expect-error the value is 1 or 5
  void api(routes.rate, { body: { promptId: 1, value: 3 } });
  // @ts-expect-error removing a bookmark needs its id
  void api(routes.removeBookmark, {});
  // @ts-expect-error the review history takes no such decision
  void api(routes.reviewHistory, { query: { decision: 'maybe' } });
}
