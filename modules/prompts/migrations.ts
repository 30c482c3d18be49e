import { eventContracts, type EventContract, type Sql, type StoredEvent } from '../../events';
import { forgetPromptText, isPromptSealed, sealLegacyPersonalData, sealLegacyPromptText } from '../../events/personal';
import { evolvePrompt, initialPromptState, publishedOf, type PromptState } from './domain/prompt';

interface Row {
  position: number;
  stream_id: string;
  type: string;
  version: number;
  data: Record<string, unknown>;
}

/**
 * What a stored event of a prompt's stream becomes: an edit learns whose unpublished text it
 * is (`privateTo`), an approval the text it published (`published`); null when it already
 * knows. `state` is the prompt before the event.
 */
function rewrite(state: PromptState, row: Row): Record<string, unknown> | null {
  if (row.type === 'PromptEdited' && !('privateTo' in row.data)) return { ...row.data, privateTo: state.status === 'approved' ? null : state.submittedBy };
  if (row.type === 'PromptReviewed' && row.data.isApproved === true && !row.data.published) return { ...row.data, published: publishedOf(state, state.shown) };
  if (row.type === 'PromptRevisionReviewed' && row.data.isApproved === true && !row.data.published)
    return { ...row.data, published: publishedOf(state, row.data.version as number) };
  return null;
}

/**
 * Folds every prompt's stream in log order and writes, on the events stored before approvals
 * carried their text, what they now say (see `rewrite`). The text the clear-text edits were
 * sealed with comes after, in the same migration.
 */
async function writePublishedText(sql: Sql): Promise<number> {
  const states = new Map<string, PromptState>();
  const types = Object.keys(eventContracts).filter((t) => t.startsWith('Prompt') && t !== 'PromptsImported');
  const contracts = eventContracts as Record<string, EventContract>;
  let after = 0;
  let count = 0;
  for (;;) {
    const rows = await sql.query<Row>(
      'select position, stream_id, type, version, data from events where type = any($1::text[]) and position > $2 order by position limit 1000',
      [types, after],
    );
    if (!rows.length) return count;
    after = rows.at(-1)!.position;
    const changed: { position: number; version: number; data: Record<string, unknown> }[] = [];
    for (const row of rows) {
      // Sealed with its prompt's key: written (or rewritten by 0201) since approvals carried their text.
      if (Object.values(row.data).some(isPromptSealed)) continue;
      const state = states.get(row.stream_id) ?? initialPromptState;
      const rewritten = rewrite(state, row);
      if (rewritten) changed.push({ position: row.position, version: contracts[row.type].version, data: rewritten });
      const contract = contracts[row.type];
      const raw = rewritten ?? row.data;
      const version = rewritten ? contract.version : row.version;
      const data = contract.schema.parse(version < contract.version && contract.upcast ? contract.upcast(raw, version) : raw);
      states.set(row.stream_id, evolvePrompt(state, { type: row.type, data, createdAt: new Date(0) } as unknown as StoredEvent));
    }
    if (!changed.length) continue;
    await sql.query(
      'update events set data = x.d::jsonb, version = x.v from unnest($1::bigint[], $2::text[], $3::int[]) as x(p, d, v) where events.position = x.p',
      [changed.map((c) => c.position), changed.map((c) => JSON.stringify(c.data)), changed.map((c) => c.version)],
    );
    count += changed.length;
  }
}

/**
 * The prompts module's rewrite of history: a prompt's text is its author's until it is
 * published, so it is sealed with their key like every other personal field, and the event
 * that publishes it carries it in clear. Before this, every title, description, content, edit,
 * change note and revision stayed in the log in clear after its author was deleted.
 */
export const promptsMigrations = [
  {
    id: '0200_unpublished_prompt_text_sealed',
    sql: `
      -- Deleting an account finds its prompts in the log itself (forgetAuthorPrompts).
      create index if not exists events_prompt_authors on events ((coalesce(data->>'submittedBy', data->>'savedBy')))
        where type in ('PromptSubmitted', 'PromptSavedPrivately');
      -- A copy of every revision as proposed, published or not: approvals carry their text now.
      drop table if exists catalog_revisions;
    `,
    run: async (tx: Sql) => {
      await writePublishedText(tx);
      await sealLegacyPersonalData(tx, eventContracts as Record<string, EventContract>);
    },
  },
  {
    // Each prompt's text sealed with its own key, which the purge erases; the prompts purged
    // before this lose theirs now, as if purged today.
    id: '0201_prompt_text_sealed_with_its_own_key',
    sql: '',
    run: async (tx: Sql) => {
      await sealLegacyPromptText(tx, eventContracts as Record<string, EventContract>);
      const purged = await tx.query<{ id: number }>(`select distinct (data->>'promptId')::int as id from events where type = 'PromptPurged'`);
      for (const { id } of purged) await forgetPromptText(tx, id);
    },
  },
];
