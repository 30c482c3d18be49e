import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Appended } from '../../events';
import { IMPORT_PART, UNDO_PART } from '../../modules/prompts';
import * as routes from '../../src/shared/api-routes.generated';
import { backends, freshApp } from '../support/backends';
import { promptsChatLike } from '../support/prompts-chat-csv';
import { Browser, installApp, signUpAs } from '../support/test-app';

const SITE = 'http://localhost:4321';
/** Enough prompts for several parts of the import and of its undo (the bench runs 20,000 through the same path). */
const PROMPTS = 3 * UNDO_PART + 17;

/**
 * A large prompts.chat CSV sent as the site sends it (its bytes): written in parts of at most
 * IMPORT_PART events, with other people's requests answered between them, and undone whole in
 * parts of at most UNDO_PART prompts.
 */
describe.each(backends)('a large import on $name', (backend) => {
  let app: Awaited<ReturnType<typeof freshApp>>;
  const member = new Browser('10.9.3.1');
  const other = new Browser('10.9.3.2');

  beforeAll(async () => {
    app = await freshApp(backend, { publicUrl: SITE });
    installApp(app);
    await signUpAs(app, member, 'big-import@example.com');
    await signUpAs(app, other, 'other-user@example.com');
  });
  afterAll(async () => app?.dispose());

  it('imports every prompt in short parts, answers another user meanwhile, and its undo takes every prompt back in parts', async () => {
    const commits: number[] = [];
    const off = app.store.onAppended((appended: Appended) => commits.push(appended.events.length));
    const bytes = Buffer.from(promptsChatLike(PROMPTS)).toString('base64');
    let imported;
    let answeredAfter: number;
    try {
      const importing = member.api(routes.importMyData, { query: {}, body: { bytes } });
      // Another signed-in user lists their own prompts while the import runs: answered before it ends.
      const waitForFirstPart = async () => {
        while (commits.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      };
      await waitForFirstPart();
      const listed = await other.api(routes.mySubmissions, { query: {} });
      answeredAfter = commits.length;
      expect(listed.status).toBe(200);
      imported = await importing;
    } finally {
      off();
    }
    expect(imported.status).toBe(201);
    expect(imported.body.counts).toEqual({ new: PROMPTS, duplicate: 0, invalid: 0 });
    expect(imported.body.format).toBe('prompts-chat-csv');
    const importCommits = commits.length;
    // Answered while parts were still to be written, not after the whole import.
    expect(answeredAfter).toBeLessThan(importCommits);
    expect(importCommits).toBeGreaterThanOrEqual(Math.ceil(PROMPTS / IMPORT_PART.events));
    // Each part: its prompts' events and the batch's record of them.
    expect(Math.max(...commits)).toBeLessThanOrEqual(IMPORT_PART.events + 1);
    const ids = imported.body.items.map((i: { promptId: number }) => i.promptId);
    expect(new Set(ids).size).toBe(PROMPTS);
    const last = await member.api(routes.prompt, { params: { id: ids.at(-1) } });
    expect(last.body.content).toContain(`case ${PROMPTS}:`);

    // Shared with the community since: kept by the undo; the rest go.
    const shared = ids[5];
    const submitted = await member.api(routes.share, { params: { id: shared } });
    expect(submitted.status).toBe(200);
    const undoCommits: number[] = [];
    const offUndo = app.store.onAppended((appended: Appended) => undoCommits.push(appended.events.length));
    let undone;
    try {
      undone = await member.api(routes.undoImport, { params: { batchId: imported.body.batchId } });
    } finally {
      offUndo();
    }
    expect(undone.status).toBe(200);
    expect(undone.body).toEqual({ batchId: imported.body.batchId, removed: PROMPTS - 1, kept: 1 });
    // In parts of at most UNDO_PART prompts (fewer on PGlite when they take long).
    expect(undoCommits.length).toBeGreaterThanOrEqual(Math.ceil(PROMPTS / UNDO_PART));
    // Each part: at most UNDO_PART discards (the last with the batch's undo record).
    expect(Math.max(...undoCommits)).toBeLessThanOrEqual(UNDO_PART + 1);
    for (const id of [ids[0], ids[UNDO_PART], ids.at(-1)]) expect((await member.api(routes.prompt, { params: { id } })).status).toBe(404);
    expect((await member.api(routes.prompt, { params: { id: shared } })).status).toBe(200);
    // Undone once: asked again, refused.
    expect((await member.api(routes.undoImport, { params: { batchId: imported.body.batchId } })).status).toBe(409);
  });
});
