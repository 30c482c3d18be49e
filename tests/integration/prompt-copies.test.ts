import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as routes from '../../src/shared/api-routes.generated';
import { backends, freshApp, settleAll } from '../support/backends';
import { Browser, browsersAt, installApp, signUpAll } from '../support/test-app';

const ADMIN = 'admin@promptory.test';
const ORIGIN = 'http://localhost:4321';
const CONTENT = 'Write my weekly report from {{notes}} in a {{tone:calm|brisk}} tone.';

/**
 * "Save a copy" and one prompt's download, through the real endpoints and middlewares, on each
 * backend: the copy is the reuser's private prompt linked back to the original, which counts
 * its copiers once each (after a rebuild from the log too); the original's author, even under a
 * pen name, is told it is theirs; a download is read as the page is.
 */
describe.each(backends)('copies and downloads on $name', (backend) => {
  let app: Awaited<ReturnType<typeof freshApp>>;
  const [author, reuser, second, admin, visitor] = browsersAt('10.41.0', 5);
  const events = () => app.store.count();
  let original = 0;
  let copyId = 0;

  const publish = async (body: Record<string, unknown>) => {
    const { id } = (await author.api(routes.submit, { body: body as never })).body;
    expect((await admin.api(routes.review, { params: { id }, body: { isApproved: true } })).status).toBe(200);
    return id as number;
  };

  beforeAll(async () => {
    app = await freshApp(backend, { publicUrl: ORIGIN, adminEmail: ADMIN });
    installApp(app);
    const people: [Browser, string, string?][] = [
      [author, 'author@example.com', 'Ada Author'],
      [reuser, 'reuser@example.com', 'Rae Reuser'],
      [second, 'second@example.com', 'Sam Second'],
      [admin, ADMIN],
    ];
    await signUpAll(app, people, ORIGIN, [author, reuser, second, admin, visitor]);
    // Under a pen name: the page shows no account, so only the server can tell Ada it is hers.
    original = await publish({
      title: 'Weekly report',
      description: 'Turns notes into the weekly report.',
      content: CONTENT,
      categoryId: 2,
      authorName: 'Quill',
    });
  }, 120_000);
  afterAll(async () => app?.dispose());

  it("saves a copy as the reuser's private prompt, with the original's text and variables, linked back; the original counts each copier once", async () => {
    const made = await reuser.api(routes.copy, { params: { id: original } });
    expect(made.status).toBe(201);
    copyId = made.body.id;
    expect(copyId).not.toBe(original);
    expect(made.body).toMatchObject({
      status: 'private',
      content: CONTENT,
      title: 'Weekly report',
      categoryId: 2,
      authorName: 'Rae Reuser',
      copiedFrom: original,
    });
    // Its own variables, read like any prompt's.
    const copy = await reuser.api(routes.prompt, { params: { id: copyId } });
    expect(copy.body.variables.map((v: { name: string }) => v.name)).toEqual(['notes', 'tone']);
    // Nobody else sees the copy: it is the reuser's private prompt.
    for (const b of [visitor, second, admin, author]) expect((await b.api(routes.prompt, { params: { id: copyId } })).status).toBe(404);
    // A second copy by the same member is theirs to keep, and counts nothing more; another member's counts.
    expect((await reuser.api(routes.copy, { params: { id: original } })).status).toBe(201);
    expect((await second.api(routes.copy, { params: { id: original } })).status).toBe(201);
    await settleAll(app);
    expect((await visitor.api(routes.prompt, { params: { id: original } })).body.copyCount).toBe(2);
    expect((await reuser.api(routes.mySubmissions)).body.items.filter((p: { title: string }) => p.title === 'Weekly report')).toHaveLength(2);
  });

  it('the copy is its own: editing it leaves the original as it was', async () => {
    expect((await reuser.api(routes.edit, { params: { id: copyId }, body: { content: 'My own wording of {{notes}}.' } })).status).toBe(200);
    expect((await visitor.api(routes.prompt, { params: { id: original } })).body.content).toBe(CONTENT);
  });

  it('tells the author behind a pen name that the prompt is theirs (and nobody else), and refuses their copy of it with 409', async () => {
    expect((await author.api(routes.ownership, { params: { id: original } })).body).toEqual({ isAuthor: true });
    expect((await reuser.api(routes.ownership, { params: { id: original } })).body).toEqual({ isAuthor: false });
    expect((await reuser.api(routes.ownership, { params: { id: copyId } })).body).toEqual({ isAuthor: true });
    expect((await second.api(routes.ownership, { params: { id: copyId } })).status).toBe(404);
    expect((await visitor.api(routes.ownership, { params: { id: original } })).status).toBe(401);
    const before = await events();
    const own = await author.api(routes.copy, { params: { id: original } });
    expect(own.status).toBe(409);
    expect(own.body.code).toBe('prompts.copyOwn');
    expect(await events()).toBe(before);
  });

  it('refuses a copy of what is not public (404), a visitor (401) and a malformed id (400), and appends nothing', async () => {
    const submitted = await author.api(routes.submit, {
      body: { title: 'Still waiting', description: 'A prompt the admin has not reviewed yet.', content: 'Wait for the review.', categoryId: 1 },
    });
    expect(submitted.status).toBe(201);
    const pending = submitted.body.id as number;
    const before = await events();
    expect((await reuser.api(routes.copy, { params: { id: pending } })).status).toBe(404);
    expect((await second.api(routes.copy, { params: { id: copyId } })).status).toBe(404);
    expect((await reuser.api(routes.copy, { params: { id: 999_999 } })).status).toBe(404);
    expect((await visitor.api(routes.copy, { params: { id: original } })).status).toBe(401);
    const malformed = await reuser.send({ path: '/api/prompts/abc/copy' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe('request.invalidParam');
    expect(await events()).toBe(before);
  });

  it('downloads one prompt as Markdown, JSON or plain text, for whoever may read it', async () => {
    const md = await visitor.api(routes.downloadPrompt, { params: { id: original }, query: { format: 'markdown' } });
    expect(md.status).toBe(200);
    expect(md.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(md.headers.get('content-disposition')).toBe(`attachment; filename="prompt-${original}.md"; filename*=UTF-8''${original}-weekly-report.md`);
    const text = md.bytes.toString('utf8');
    expect(text).toContain('title: "Weekly report"\n');
    expect(text).toContain('  - name: "tone"\n    default: "calm"\n    options: ["calm", "brisk"]');
    expect(text.endsWith(`---\n\n${CONTENT}\n`)).toBe(true);
    const json = await visitor.api(routes.downloadPrompt, { params: { id: original }, query: { format: 'json' } });
    expect(json.body).toMatchObject({ id: original, title: 'Weekly report', authorName: 'Quill', visibility: 'public', category: 'coding' });
    expect(json.body.variables.map((v: { name: string }) => v.name)).toEqual(['notes', 'tone']);
    expect(json.body.versions).toHaveLength(1);
    const plain = await visitor.api(routes.downloadPrompt, { params: { id: original }, query: { format: 'text' } });
    expect(plain.bytes.toString('utf8')).toBe(`${CONTENT}\n`);
    // A private copy: its owner's alone, with both its versions.
    const mine = await reuser.api(routes.downloadPrompt, { params: { id: copyId }, query: { format: 'json' } });
    expect(mine.body).toMatchObject({ visibility: 'private', status: 'private', content: 'My own wording of {{notes}}.' });
    expect(mine.body.versions).toHaveLength(2);
    for (const b of [visitor, second, admin])
      expect((await b.api(routes.downloadPrompt, { params: { id: copyId }, query: { format: 'text' } })).status).toBe(404);
    expect((await visitor.send({ method: 'GET', path: `/api/prompts/${original}/download?format=pdf` })).status).toBe(400);
  });

  it('counts the same copiers after the catalog is rebuilt from the log', async () => {
    await app.runner.rebuild('catalog');
    await settleAll(app);
    expect((await visitor.api(routes.prompt, { params: { id: original } })).body.copyCount).toBe(2);
    expect((await reuser.api(routes.prompt, { params: { id: copyId } })).body).toMatchObject({ copiedFrom: original, status: 'private' });
  });
});
