import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as routes from '../../src/shared/api-routes.generated';
import { backends, freshApp, settleAll } from '../support/backends';
import { browsersAt, installApp, signUpAs } from '../support/test-app';

/** GET /api/prompts/{id} carries the fill-in variables of the content, through the real endpoint, on both backends. */
describe.each(backends)('prompt variables on $name', (backend) => {
  let app: Awaited<ReturnType<typeof freshApp>>;
  const [visitor, author, admin] = browsersAt('10.7.0', 3);

  beforeAll(async () => {
    app = await freshApp(backend, { publicUrl: 'http://localhost:4321', adminEmail: 'admin@promptory.test' });
    installApp(app);
    await signUpAs(app, author, 'author@example.com');
    await signUpAs(app, admin, 'admin@promptory.test');
  });
  afterAll(async () => app?.dispose());

  const submit = async (content: string) => {
    const r = await author.api(routes.submit, {
      body: { title: 'Fill me in, please', description: 'A prompt with blanks to fill in.', content, categoryId: 1 },
    });
    expect(r.status).toBe(201);
    return r.body.id as number;
  };

  it('answers the variables in order of first appearance, to the author while pending and to everyone once published', async () => {
    const id = await submit('Write about {{主題}} in a {{tone：formal｜casual}} voice for {{target audience:new staff}}. \\{{not this}} Again: {{主題}}.');
    const expected = [{ name: '主題' }, { name: 'tone', default: 'formal', options: ['formal', 'casual'] }, { name: 'target audience', default: 'new staff' }];

    const pending = await author.api(routes.prompt, { params: { id } });
    expect(pending.status).toBe(200);
    expect(pending.body.status).toBe('pending');
    expect(pending.body.variables).toEqual(expected);
    expect((await visitor.api(routes.prompt, { params: { id } })).status).toBe(404);

    expect((await admin.api(routes.review, { params: { id }, body: { isApproved: true } })).status).toBe(200);
    await settleAll(app);
    const published = await visitor.api(routes.prompt, { params: { id } });
    expect(published.status).toBe(200);
    expect(published.body.variables).toEqual(expected);
    // The content itself is answered as written: filling is the reader's business.
    expect(published.body.content).toContain('{{tone：formal｜casual}}');
  });

  it('answers an empty list for a prompt without variables', async () => {
    const id = await submit('Explain [TOPIC] simply; {{first-name}} and {{ }} are not variables.');
    const r = await author.api(routes.prompt, { params: { id } });
    expect(r.status).toBe(200);
    expect(r.body.variables).toEqual([]);
  });
});
