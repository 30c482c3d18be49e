import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Appended } from '../../events';
import { IMPORT_PART } from '../../modules/prompts';
import * as routes from '../../src/shared/api-routes.generated';
import { backends, freshApp } from '../support/backends';
import { promptsChatLike } from '../support/prompts-chat-csv';
import { Browser, installApp, signUpAs } from '../support/test-app';

/** Enough prompts for several parts, so the saving is seen part-way. */
const PROMPTS = 3 * IMPORT_PART.events + 23;

/**
 * The saving's progress of a named import (GET /api/me/imports/{importId}/progress): it moves
 * while the import runs and ends `done` with every prompt counted; it is its importer's alone.
 */
describe.each(backends)("an import's saving progress on $name", (backend) => {
  let app: Awaited<ReturnType<typeof freshApp>>;
  const member = new Browser('10.9.4.1');
  const other = new Browser('10.9.4.2');

  beforeAll(async () => {
    app = await freshApp(backend, { publicUrl: 'http://localhost:4321' });
    installApp(app);
    await signUpAs(app, member, 'progress@example.com');
    await signUpAs(app, other, 'progress-other@example.com');
  });
  afterAll(async () => app?.dispose());

  it('moves while the parts are written, ends done with every prompt, and is not found for anyone else', async () => {
    const importId = `progress-${backend.name}-0001`;
    const bytes = Buffer.from(promptsChatLike(PROMPTS)).toString('base64');
    expect((await member.api(routes.importProgress, { params: { importId } })).status).toBe(404);
    const seen: { saved: number; total: number; done: boolean }[] = [];
    let othersSaw: number | undefined;
    // Asked after each committed part, as the page asks while the request is in flight.
    const asks: Promise<void>[] = [];
    const off = app.store.onAppended((_appended: Appended) => {
      asks.push(
        (async () => {
          const r = await member.api(routes.importProgress, { params: { importId } });
          if (r.status === 200) seen.push(r.body);
          othersSaw ??= (await other.api(routes.importProgress, { params: { importId } })).status;
        })(),
      );
    });
    let imported;
    try {
      imported = await member.api(routes.importMyData, { query: {}, body: { bytes, importId } });
      await Promise.all(asks);
    } finally {
      off();
    }
    expect(imported.status).toBe(201);
    expect(imported.body.counts.new).toBe(PROMPTS);
    expect(othersSaw).toBe(404);
    const during = seen.filter((s) => !s.done);
    expect(during.length).toBeGreaterThan(0);
    for (const s of seen) expect(s.total).toBe(PROMPTS);
    // Part-way: some saved, not all; and never going back.
    expect(during.some((s) => s.saved > 0 && s.saved < PROMPTS)).toBe(true);
    const counts = during.map((s) => s.saved);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    const after = await member.api(routes.importProgress, { params: { importId } });
    expect(after.status).toBe(200);
    expect(after.body).toEqual({ saved: PROMPTS, total: PROMPTS, done: true });
    expect((await other.api(routes.importProgress, { params: { importId } })).status).toBe(404);
    // An id that is no import id is refused as a bad request.
    expect((await member.api(routes.importProgress, { params: { importId: 'no' } })).status).toBe(400);
  });
});
