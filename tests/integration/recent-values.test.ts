import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as routes from '../../src/shared/api-routes.generated';
import { backends, freshApp, settleAll } from '../support/backends';
import { Browser, browsersAt, installApp, signUpAs } from '../support/test-app';

/**
 * Remembered fill-in values, through the real endpoints on both backends: a filled copy's
 * history entry, the suggestions built from it (projections/recent-values), clearing them.
 */
describe.each(backends)('remembered values on $name', (backend) => {
  let app: Awaited<ReturnType<typeof freshApp>>;
  const [visitor, author, admin, user, other] = browsersAt('10.8.0', 5);
  let letter: number;
  let memo: number;
  let plain: number;
  let userId: number;

  const publish = async (content: string) => {
    const r = await author.api(routes.submit, {
      body: { title: 'Fill me in, please', description: 'A prompt with blanks to fill in.', content, categoryId: 1 },
    });
    expect(r.status).toBe(201);
    expect((await admin.api(routes.review, { params: { id: r.body.id }, body: { isApproved: true } })).status).toBe(200);
    return r.body.id as number;
  };
  const copy = async (as: Browser, promptId: number, values: Record<string, string>) => {
    const r = await as.api(routes.recordHistory, { body: { promptId, values } });
    expect(r.status).toBe(201);
    return r;
  };
  const suggestions = async (as: Browser, id: number) => {
    const r = await as.api(routes.recentValues, { params: { id } });
    expect(r.status).toBe(200);
    return r.body;
  };
  const eventCount = async () => (await app.db.query<{ n: number }>('select count(*)::int as n from events'))[0].n;

  beforeAll(async () => {
    app = await freshApp(backend, { publicUrl: 'http://localhost:4321', adminEmail: 'admin@promptory.test' });
    installApp(app);
    await signUpAs(app, author, 'author@example.com');
    await signUpAs(app, admin, 'admin@promptory.test');
    userId = await signUpAs(app, user, 'user@example.com');
    await signUpAs(app, other, 'other@example.com');
    letter = await publish('Write to {{recipient}} about {{topic}} in a {{tone:formal|casual}} voice.');
    memo = await publish('A memo on {{topic}} for {{team:everyone}}.');
    plain = await publish('Explain [TOPIC] simply, no variables here.');
    await settleAll(app);
  });
  afterAll(async () => app?.dispose());

  it("records a filled copy: the server fills the prompt's content and keeps only its own, non-blank variables", async () => {
    const r = await copy(user, letter, { recipient: 'Ada', topic: 'the budget', tone: 'casual', unknown: 'dropped', blank: '' });
    expect(r.body.modifiedContent).toBe('Write to Ada about the budget in a casual voice.');
    const [row] = await app.db.query<{ position: number; stream_id: string; data: unknown }>(
      `select position, stream_id, data from events where type = 'HistoryRecorded' order by position desc limit 1`,
    );
    // What the user typed is sealed with their key in the log (events/personal.ts), and opens as typed.
    expect(JSON.stringify(row.data)).not.toContain('Ada');
    const event = (await app.store.readStream(row.stream_id)).find((e) => e.position === row.position)!;
    expect(event.data).toMatchObject({
      values: { recipient: 'Ada', topic: 'the budget', tone: 'casual' },
      modifiedContent: 'Write to Ada about the budget in a casual voice.',
    });
    const history = await user.api(routes.myHistory, {});
    expect(history.body.items[0]).toMatchObject({ promptId: letter, modifiedContent: 'Write to Ada about the budget in a casual voice.' });
    // Every variable of the prompt has an answer, if only an empty one.
    expect(await suggestions(user, memo)).toEqual({ topic: ['the budget'], team: [] });
  });

  it('suggests the last 5 distinct values per variable, newest first', async () => {
    for (const topic of ['a', 'b', 'c', 'b', 'd', 'e', 'f', 'g', 'e']) await copy(user, letter, { recipient: 'Ada', topic });
    const got = await suggestions(user, letter);
    expect(got.topic).toEqual(['e', 'g', 'f', 'd', 'b']);
    expect(got.recipient).toEqual(['Ada']);
    expect(got.tone).toEqual(['casual']);
  });

  it("puts this prompt's values first, then the same name's from the user's other prompts; nobody else's", async () => {
    await copy(user, memo, { topic: 'memo topic', team: 'design' });
    expect((await suggestions(user, memo)).topic).toEqual(['memo topic', 'e', 'g', 'f', 'd']);
    expect((await suggestions(user, letter)).topic).toEqual(['e', 'g', 'f', 'd', 'b']);
    expect(await suggestions(other, letter)).toEqual({ recipient: [], topic: [], tone: [] });
    expect(await suggestions(user, plain)).toEqual({});
  });

  it('refuses a visitor (401), an unknown prompt (404) and bad values (400) without appending anything', async () => {
    expect((await visitor.api(routes.recentValues, { params: { id: letter } })).status).toBe(401);
    expect((await user.api(routes.recentValues, { params: { id: 999_999 } })).status).toBe(404);
    const before = await eventCount();
    const bad = async (body: Record<string, unknown>, expected: Record<string, unknown>) => {
      const r = await user.api(routes.recordHistory, { body: { promptId: letter, ...body } as never });
      expect(r.status).toBe(400);
      expect(r.body.issues[0]).toMatchObject(expected);
    };
    await bad({ values: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`v${i}`, 'x'])) }, { code: 'too_big', limit: 50 });
    await bad({ values: { ['n'.repeat(101)]: 'x' } }, { code: 'too_big', limit: 100 });
    await bad({ values: { topic: 'v'.repeat(5_001) } }, { code: 'too_big', limit: 5_000 });
    await bad({ values: { topic: 7 } }, { path: ['values', 'topic'] });
    await bad({ values: { topic: 'x' }, modifiedContent: 'mine' }, { path: ['values'] });
    expect((await visitor.api(routes.recordHistory, { body: { promptId: letter, values: { topic: 'x' } } })).status).toBe(401);
    expect((await visitor.api(routes.clearRecentValues, {})).status).toBe(401);
    expect(await eventCount()).toBe(before);
  });

  it('a replay of the log gives the same suggestions as the live model', async () => {
    await settleAll(app);
    const dump = () => app.db.query('select user_id, prompt_id, name, value, last_pos from recent_values order by 1, 2, 3, 4');
    const live = await dump();
    expect(live.length).toBeGreaterThan(5);
    const before = await suggestions(user, memo);
    await app.runner.rebuild('recent_values');
    expect(await dump()).toEqual(live);
    expect(await suggestions(user, memo)).toEqual(before);
  });

  it('clearing forgets every remembered value of the user only, also after a replay; later copies are remembered again', async () => {
    await copy(other, letter, { topic: "other's" });
    const r = await user.api(routes.clearRecentValues, {});
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ cleared: true });
    const [cleared] = await app.db.query<{ data: unknown }>(`select data from events where type = 'RecentValuesCleared'`);
    expect(cleared.data).toEqual({ userId });
    expect(await suggestions(user, letter)).toEqual({ recipient: [], topic: [], tone: [] });
    expect((await suggestions(other, letter)).topic).toEqual(["other's"]);
    // The history itself stays.
    expect((await user.api(routes.myHistory, {})).body.items.length).toBeGreaterThan(5);

    await copy(user, memo, { topic: 'after the clear' });
    await app.runner.rebuild('recent_values');
    expect(await suggestions(user, letter)).toEqual({ recipient: [], topic: ['after the clear'], tone: [] });
  });
});
