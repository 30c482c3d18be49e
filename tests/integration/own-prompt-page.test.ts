import { beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends';
import type { HttpClient } from '../support/http-client';
import { serverPerSuite } from '../support/http-suite';

const ADMIN = 'admin@promptory.test';
const ERROR_TITLE = 'Error Loading Prompt';

/**
 * /prompts/{id} of an unpublished prompt, over real HTTP against the production build, on each
 * backend: its author gets 200, titled with the prompt, with its status and next step (a
 * rejected one's reason and note); the admin too, except for a private one; everyone else
 * gets the 404 "Error Loading Prompt", exactly as for an id that does not exist.
 */
describe.each(backends)('your own unpublished prompt on $name', (backend) => {
  const { visitor: browser, signIn } = serverPerSuite(backend, { pglite: 44, postgres: 45 }, ADMIN);
  type Browser = HttpClient;
  const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

  let admin: Browser, owner: Browser, other: Browser;
  const ids: Record<'pending' | 'private' | 'rejected', number> = { pending: 0, private: 0, rejected: 0 };
  const draft = (title: string) => ({
    title,
    description: 'Twenty characters or more of description.',
    content: 'Content long enough to submit.',
    categoryId: 1,
  });

  beforeAll(async () => {
    admin = await signIn(ADMIN, 'Admin');
    owner = await signIn('owen@example.com', 'Owen Owner');
    other = await signIn('olga@example.com', 'Olga Other');
    ids.pending = (await owner('POST', '/api/prompts', draft('Owen waits for review'))).body.id;
    ids.private = (await owner('POST', '/api/prompts', { ...draft('Owen keeps this to himself'), visibility: 'private' })).body.id;
    ids.rejected = (await owner('POST', '/api/prompts', draft('Owen was turned down'))).body.id;
    const rejected = await admin('PUT', `/api/admin/prompts/${ids.rejected}/review`, {
      isApproved: false,
      reason: 'low-quality',
      note: 'Say which tool the notes come from.',
    });
    expect(rejected.status).toBe(200);
  }, 240_000);

  it('its author gets 200, titled with the prompt, with its status and what to do next; never cached', async () => {
    const pending = await owner('GET', `/prompts/${ids.pending}`);
    expect([pending.status, titleOf(pending.text)]).toEqual([200, 'Owen waits for review · Promptory']);
    expect(pending.headers.get('cache-control')).toBe('private, no-store');
    expect(pending.text).toContain('data-testid="own-prompt"');
    expect(pending.text).toContain('Only you can see this prompt until an admin approves it.');
    expect(pending.text).not.toContain(ERROR_TITLE);

    const kept = await owner('GET', `/prompts/${ids.private}`);
    expect([kept.status, titleOf(kept.text)]).toEqual([200, 'Owen keeps this to himself · Promptory']);
    expect(kept.text).toContain('data-testid="share"');

    const rejected = await owner('GET', `/prompts/${ids.rejected}`);
    expect([rejected.status, titleOf(rejected.text)]).toEqual([200, 'Owen was turned down · Promptory']);
    expect(rejected.text).toContain('Rejected: Low quality');
    expect(rejected.text).toContain('Say which tool the notes come from.');
    expect(rejected.text).toContain('data-testid="resubmit"');
    expect(rejected.text).toContain(`href="/prompts/${ids.rejected}/edit"`);
  });

  it('everyone else gets the 404 a missing prompt gets; the admin sees a pending or rejected one, never a private one', async () => {
    const missing = await browser()('GET', '/prompts/999999');
    expect([missing.status, titleOf(missing.text)]).toEqual([404, `${ERROR_TITLE} · Promptory`]);
    const visitor = browser();
    for (const id of Object.values(ids)) {
      for (const who of [visitor, other]) {
        const page = await who('GET', `/prompts/${id}`);
        expect([page.status, titleOf(page.text)]).toEqual([404, `${ERROR_TITLE} · Promptory`]);
        expect(page.text).not.toContain('Owen');
      }
    }
    expect((await admin('GET', `/prompts/${ids.pending}`)).status).toBe(200);
    expect((await admin('GET', `/prompts/${ids.rejected}`)).status).toBe(200);
    const secret = await admin('GET', `/prompts/${ids.private}`);
    expect([secret.status, titleOf(secret.text)]).toEqual([404, `${ERROR_TITLE} · Promptory`]);
  });
});
