import type { StoredEvent } from '../../events';
import type { Projection, Statement } from '../types';
import { ratingSql } from '../rating';

type UsedEvent = Extract<StoredEvent, { type: 'Used' }>;

/**
 * Many uses in one statement: each row counts only the uses after its watermark, so the
 * result is the same as applying the events one by one, whatever the batch boundaries. The
 * same fresh uses are counted per version too (catalog_version_uses, under the prompt row's
 * watermark: both change in this one statement); a use recorded before uses carried their
 * version counts only in the total.
 */
function countUses(uses: UsedEvent[]): Statement {
  return {
    text: `with x as (
             select * from unnest($1::int[], $2::text[], $3::bigint[], $4::int[], $5::int[]) with ordinality as x(id, tx, pos, n, version, ord)
           ), fresh as (
             select x.* from x join catalog_prompts c on c.id = x.id
             where (x.tx::xid8, x.pos) > (c.applied_tx, c.applied_pos)
           ), per_version as (
             insert into catalog_version_uses (prompt_id, version, uses)
             select id, version, sum(n)::int from fresh where version is not null group by id, version
             on conflict (prompt_id, version) do update set uses = catalog_version_uses.uses + excluded.uses
           ), counted as (
             select id, sum(n)::int as n,
                    (array_agg(tx order by ord desc))[1] as last_tx,
                    (array_agg(pos order by ord desc))[1] as last_pos
             from fresh group by id
           )
           update catalog_prompts c
           set usage_count = c.usage_count + counted.n, applied_tx = counted.last_tx::xid8, applied_pos = counted.last_pos
           from counted where c.id = counted.id`,
    params: [
      uses.map((e) => e.data.promptId),
      uses.map((e) => e.txId),
      uses.map((e) => e.position),
      uses.map((e) => e.data.count),
      uses.map((e) => e.data.version),
    ],
  };
}
import { categoryById } from '../../modules/prompts/contracts';
import { promptSearchVectors } from '../search-vector';
import { arrayLiteral, documentGrams, searchText } from './search';

type Searched = { title: string; description: string; content: string; categoryId: number };

/**
 * The searched columns of a prompt: the substring index of its title and description
 * (search.ts), and the engine's vectors of every field (search-vector.ts, docs/search.md).
 */
function searchColumns(d: Searched, authorName: string | null): [string, string, string, string] {
  const text = searchText(d.title, d.description);
  const vectors = promptSearchVectors({ ...d, categoryName: categoryById(d.categoryId).name, authorName: authorName ?? '' });
  return [text, arrayLiteral(documentGrams(text)), vectors.all, vectors.head];
}

/**
 * A statement that changes a row's text knows no author name (evolve reads nothing): the new
 * vectors keep the row's own author lexemes, the only ones of weight D.
 */
const NEW_VECTORS = `search_vector = $11::tsvector || ts_filter(search_vector, '{d}'), search_head = $12::tsvector || ts_filter(search_head, '{d}')`;

/**
 * The lexicon (`catalog_words`): the distinct words of 4+ letters of the published prompts'
 * vectors, each with how many prompts hold it, where a mistyped query word finds the words one
 * edit away (catalog/typos.ts). Only published prompts count, so what it holds (and whether a
 * typo is forgiven) never tells of a private or unpublished prompt. A row counts while
 * `in_lexicon`: an event that may change a row's words or status first takes its words out
 * (`release`), then puts the new ones in when it is published (`acquire`). Each is idempotent
 * on its own, so the pair is too, whatever the event did.
 */
const LEXICON_WORDS = `select w as word, count(*)::int as n from changed, unnest(tsvector_to_array(search_vector)) w where char_length(w) >= 4 group by w`;

/** The rows an event may change: by id, and all of a deleted person's by submitter. */
interface LexiconKeys {
  ids: Set<number>;
  submitters: Set<number>;
}

const LEXICON_ROWS = `(id = any($1::int[]) or submitted_by = any($2::int[]))`;

function release(keys: LexiconKeys): Statement {
  return {
    text: `with changed as (
             update catalog_prompts set in_lexicon = false where ${LEXICON_ROWS} and in_lexicon returning search_vector
           ), words as (${LEXICON_WORDS}), gone as (
             delete from catalog_words c using words where c.word = words.word and c.n <= words.n
           )
           update catalog_words c set n = c.n - words.n from words where c.word = words.word and c.n > words.n`,
    params: [[...keys.ids], [...keys.submitters]],
  };
}

function acquire(keys: LexiconKeys): Statement {
  return {
    text: `with changed as (
             update catalog_prompts set in_lexicon = true where ${LEXICON_ROWS} and not in_lexicon and status = 'approved' returning search_vector
           ), words as (${LEXICON_WORDS})
           insert into catalog_words (word, n) select word, n from words
           on conflict (word) do update set n = catalog_words.n + excluded.n`,
    params: [[...keys.ids], [...keys.submitters]],
  };
}

/** Each row remembers the last event applied to it, so applying an event twice changes nothing. */
const AFTER = '(applied_tx, applied_pos) < ($2::xid8, $3::bigint)';

/**
 * A deleted person's prompts: what only they could see (private, pending, rejected or
 * withdrawn prompts) goes; published prompts stay, with their uses and ratings, under an
 * empty author name (shown as "Deleted user").
 */
function forgetAuthor(userId: number): Statement[] {
  return [
    {
      text: `delete from catalog_version_uses where prompt_id in (select id from catalog_prompts where submitted_by = $1 and status <> 'approved')`,
      params: [userId],
    },
    { text: `delete from catalog_prompts where submitted_by = $1 and status <> 'approved'`, params: [userId] },
    // The name leaves the index with its weight-D lexemes (the category's words go with them until the next edit).
    {
      text: `update catalog_prompts set author_name = '', author_image = null, author_id = null,
               search_vector = ts_filter(search_vector, '{a,b,c}'), search_head = ts_filter(search_head, '{a,b}')
             where submitted_by = $1`,
      params: [userId],
    },
  ];
}

/**
 * A prompt's first row, submitted for review or saved privately (a replayed event changes
 * nothing): the one place the catalog inserts a prompt.
 */
function insertPrompt(
  d: { promptId: number; title: string; description: string; content: string; categoryId: number; authorName: string; authorImage: string | null },
  at: unknown[],
  row: {
    status: 'pending' | 'private';
    isFeatured: boolean;
    isEditorsPick: boolean;
    createdAt: string | Date;
    submittedBy: number | null;
    authorId: number | null;
    copiedFrom?: number | null;
  },
): Statement {
  return {
    text: `insert into catalog_prompts (id, title, description, content, category_id, author_name, author_image,
             status, is_featured, is_editors_pick, created_at, submitted_by, author_id, search_text, search_grams, search_vector, search_head,
             applied_tx, applied_pos, copied_from)
           values ($1, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17::text::text[], $18::tsvector, $19::tsvector, $2::xid8, $3, $20)
           on conflict (id) do nothing`,
    params: [
      d.promptId,
      ...at,
      d.title,
      d.description,
      d.content,
      d.categoryId,
      d.authorName,
      d.authorImage,
      row.status,
      row.isFeatured,
      row.isEditorsPick,
      row.createdAt,
      row.submittedBy,
      row.authorId,
      ...searchColumns(d, d.authorName),
      row.copiedFrom ?? null,
    ],
  };
}

/**
 * A saved copy counts on its original once per member: a second copy by the same member (its
 * row already inserted, just before) adds nothing.
 */
function countCopier(originalId: number, userId: number, copyId: number, at: unknown[]): Statement {
  return {
    text: `update catalog_prompts set applied_tx = $2::xid8, applied_pos = $3,
             copy_count = copy_count + (not exists (
               select 1 from catalog_prompts where copied_from = $1 and submitted_by = $4 and id <> $5))::int
           where id = $1 and ${AFTER}`,
    params: [originalId, ...at, userId, copyId],
  };
}

/**
 * The text an approval publishes becomes the row's (the version's own event may be sealed
 * and, its author forgotten, read as nothing: events/contracts/prompts.ts). Null: a legacy
 * approval without it, whose text the row already holds.
 */
function publish(
  promptId: number,
  at: unknown[],
  published: { title: string; description: string; content: string; categoryId: number } | null,
  version?: number,
): Statement[] {
  if (!published) return [];
  return [
    {
      text: `update catalog_prompts set title = $4, description = $5, content = $6, category_id = $7, version = coalesce($8, version),
               search_text = $9, search_grams = $10::text::text[], ${NEW_VECTORS}
             where id = $1 and ${AFTER}`,
      params: [
        promptId,
        ...at,
        published.title,
        published.description,
        published.content,
        published.categoryId,
        version ?? null,
        ...searchColumns(published, null),
      ],
    },
  ];
}

/** Events that change neither a row's words nor whether it is published (a first insert is never published). */
const LEXICON_UNCHANGED = new Set<string>(['Used', 'Rated', 'PromptSubmitted', 'PromptSavedPrivately']);

export const catalogProjection: Projection = {
  name: 'catalog',
  // v2: search_text lower-cased in JS and CJK grams; v3: Latin letter pairs in search_grams too;
  // v4: rating is the aggregate of Rated; v5: PromptWithdrawn (status 'withdrawn');
  // v6: private prompts (status 'private' until their author shares them); v7: edits and
  // revisions (version: the public one, or the live one of an unpublished prompt).
  // v9: AccountDeleted (the person's unpublished prompts go; published ones lose the author's name);
  // v10: PromptResubmitted (a rejected prompt pending again); v11: no index on pending rows (the
  // review queue reads its own projection); v12: author_id, the member a byline links to (none for a pen name);
  // v13: approvals carry the text they publish (no copy of each revision kept: catalog_revisions is gone).
  // v14: search_vector and search_head, the search engine's index of every field (docs/search.md).
  // v15: copied_from and copy_count ("Save a copy": the copy links back, the original counts its copiers).
  // v16: catalog_words, the published words' lexicon (typo tolerance), and in_lexicon.
  // v17: catalog_version_uses, each version's uses (the version history shows them).
  // v18: Chinese folded without Taiwan's phrase rules that turn a word into another (行程 stays 行程).
  // v19: an index of the head vector (a ranked search reads its head matches apart: queries.ts).
  // v20: an index of each author's prompts in creation order (their export and import read it a page at a time).
  // v21: the letter pairs' statistics from a smaller sample, and none for the content.
  version: 21,
  tables: ['catalog_prompts', 'catalog_words', 'catalog_version_uses'],
  handles: [
    'AccountDeleted',
    'PromptSubmitted',
    'PromptSavedPrivately',
    'PromptDiscarded',
    'PromptDeleted',
    'PromptUndeleted',
    'PromptPurged',
    'PromptSharedForReview',
    'PromptResubmitted',
    'PromptReviewed',
    'PromptWithdrawn',
    'PromptEdited',
    'PromptRevisionReviewed',
    'Used',
    'Rated',
  ],
  ddl: `
    create table catalog_prompts (
      id integer primary key,
      title text not null,
      description text not null,
      content text not null,
      category_id integer not null,
      -- the version shown: the published one (a pending revision changes nothing here), or the live one
      version integer not null default 1,
      author_name text not null,
      author_image text,
      -- round(mean of the users' current ratings), each 1 or 5; 0 while nobody has rated (ratingSql)
      rating integer not null default 0,
      rating_count integer not null default 0,
      helpful_count integer not null default 0,
      usage_count integer not null default 0,
      -- how many members saved a copy of it (each counted once, whatever how many copies they made)
      copy_count integer not null default 0,
      -- a copy's original ("Save a copy"): the public prompt it was made from
      copied_from integer,
      is_featured boolean not null default false,
      is_editors_pick boolean not null default false,
      -- private | pending | approved | rejected | withdrawn | deleted: only approved rows are public; a
      -- withdrawn row keeps its uses and ratings, hidden with it; a private row is its author's alone
      status text not null default 'pending',
      reviewed_by integer,
      reviewed_at timestamptz,
      created_at timestamptz not null,
      submitted_by integer,
      -- the member page the byline links to: the submitter's, unless they wrote under a pen name
      -- (which hides the account), null too for the house's prompts and a deleted account
      author_id integer,
      search_text text not null,
      search_grams text[] not null default '{}',
      -- the search engine's index (docs/search.md): every field, and every field but the content (ranking reads only this)
      search_vector tsvector not null,
      search_head tsvector not null,
      -- whether catalog_words counts this row's words (release and acquire)
      in_lexicon boolean not null default false,
      applied_tx xid8 not null,
      applied_pos bigint not null
    );
    create index catalog_prompts_popular on catalog_prompts (usage_count desc, id desc) where status = 'approved';
    create index catalog_prompts_newest on catalog_prompts (created_at desc, id desc) where status = 'approved';
    create index catalog_prompts_rating on catalog_prompts (rating desc, usage_count desc, id desc) where status = 'approved';
    create index catalog_prompts_search on catalog_prompts using gin (search_text gin_trgm_ops);
    create index catalog_prompts_grams on catalog_prompts using gin (search_grams);
    create index catalog_prompts_words on catalog_prompts using gin (search_vector);
    create index catalog_prompts_head on catalog_prompts using gin (search_head);
    create index catalog_prompts_copies on catalog_prompts (copied_from, submitted_by) where copied_from is not null;
    create index catalog_prompts_by_author on catalog_prompts (submitted_by, created_at, id) where submitted_by is not null;
    -- Statistics: PGlite's one connection waits while a column's are gathered. The letter pairs'
    -- (up to 200 ms at 20,000 rows) from 9,000 rows: a pair common enough to matter to a plan is
    -- among the 300 most common pairs they keep. The content's none: no plan reads them.
    alter table catalog_prompts alter column search_grams set statistics 30, alter column content set statistics 0;
    -- "C" order: code point order, the same on every backend and locale (catalog/typos.ts reads the next word)
    -- the uses of each public version (Used.version); uses from before versions were recorded are not here
    create table catalog_version_uses (
      prompt_id integer not null,
      version integer not null,
      uses integer not null,
      primary key (prompt_id, version)
    );
    create table catalog_words (
      word text collate "C" primary key,
      n integer not null
    );
  `,
  /**
   * A batch's lexicon work is done once around all of its statements: its rows' words out first,
   * back in last (release and acquire read only the rows' state then, so wrapping the batch is
   * the same as wrapping each event), so a word many prompts share is written once a batch, not
   * once a prompt (replaying a catalog upserted every word of every prompt one by one).
   */
  evolveBatch(events) {
    const statements: Statement[] = [];
    const keys: LexiconKeys = { ids: new Set(), submitters: new Set() };
    let uses: UsedEvent[] = [];
    for (const event of events) {
      if (event.type === 'Used') {
        uses.push(event);
        continue;
      }
      if (uses.length) statements.push(countUses(uses));
      uses = [];
      const rows = rowStatements(event);
      statements.push(...rows);
      // Every other event may change a row's words or whether it is published: the lexicon follows.
      if (rows.length === 0 || LEXICON_UNCHANGED.has(event.type)) continue;
      if (event.type === 'AccountDeleted') keys.submitters.add(event.data.userId);
      else keys.ids.add((event.data as { promptId: number }).promptId);
    }
    if (uses.length) statements.push(countUses(uses));
    return keys.ids.size || keys.submitters.size ? [release(keys), ...statements, acquire(keys)] : statements;
  },
  evolve(event: StoredEvent): Statement[] {
    return catalogProjection.evolveBatch!([event]);
  },
};

function rowStatements(event: StoredEvent): Statement[] {
  const at = [event.txId, event.position];
  switch (event.type) {
    case 'PromptSubmitted': {
      const d = event.data;
      return [
        insertPrompt(d, at, {
          status: 'pending',
          isFeatured: d.isFeatured,
          isEditorsPick: d.isEditorsPick,
          createdAt: d.submittedAt ?? event.createdAt,
          submittedBy: d.submittedBy,
          authorId: d.penName ? null : d.submittedBy,
        }),
      ];
    }
    case 'PromptSavedPrivately': {
      const d = event.data;
      return [
        insertPrompt(d, at, {
          status: 'private',
          isFeatured: false,
          isEditorsPick: false,
          createdAt: event.createdAt,
          submittedBy: d.savedBy,
          authorId: d.penName ? null : d.savedBy,
          copiedFrom: d.copiedFrom?.promptId ?? null,
        }),
        ...(d.copiedFrom ? [countCopier(d.copiedFrom.promptId, d.savedBy, d.promptId, at)] : []),
      ];
    }
    case 'PromptSharedForReview':
    case 'PromptResubmitted':
      return [
        {
          text: `update catalog_prompts set status = 'pending', applied_tx = $2::xid8, applied_pos = $3
                   where id = $1 and ${AFTER}`,
          params: [event.data.promptId, ...at],
        },
      ];
    case 'PromptReviewed':
      return [
        ...publish(event.data.promptId, at, event.data.isApproved ? event.data.published : null),
        {
          text: `update catalog_prompts set status = $4, reviewed_by = $5, reviewed_at = $6,
                     applied_tx = $2::xid8, applied_pos = $3
                   where id = $1 and ${AFTER}`,
          params: [event.data.promptId, ...at, event.data.isApproved ? 'approved' : 'rejected', event.data.reviewedBy, event.createdAt],
        },
      ];
    case 'AccountDeleted':
      return forgetAuthor(event.data.userId);
    case 'PromptDiscarded':
    case 'PromptPurged':
      // An undone import's private prompt, or a deleted one past its restore window: gone. Events arrive in log order, so its insert never comes after.
      return [
        { text: 'delete from catalog_version_uses where prompt_id = $1', params: [event.data.promptId] },
        { text: 'delete from catalog_prompts where id = $1', params: [event.data.promptId] },
      ];
    case 'PromptDeleted':
    case 'PromptUndeleted':
      // In Recently deleted the row waits, hidden from everyone, to come back as it stood.
      return [
        {
          text: `update catalog_prompts set status = $4, applied_tx = $2::xid8, applied_pos = $3 where id = $1 and ${AFTER}`,
          params: [event.data.promptId, ...at, event.type === 'PromptDeleted' ? 'deleted' : event.data.status],
        },
      ];
    case 'PromptWithdrawn':
      return [
        {
          text: `update catalog_prompts set status = 'withdrawn', applied_tx = $2::xid8, applied_pos = $3
                   where id = $1 and ${AFTER}`,
          params: [event.data.promptId, ...at],
        },
      ];
    case 'PromptEdited': {
      // Applied at once (an unpublished prompt, or the admin's edit of a published one): shown from now on.
      const d = event.data;
      return [
        {
          text: `update catalog_prompts set title = $4, description = $5, content = $6, category_id = $7, version = $8,
                     search_text = $9, search_grams = $10::text::text[], ${NEW_VECTORS},
                     applied_tx = $2::xid8, applied_pos = $3
                   where id = $1 and ${AFTER}`,
          params: [d.promptId, ...at, d.title, d.description, d.content, d.categoryId, d.version, ...searchColumns(d, null)],
        },
      ];
    }
    case 'PromptRevisionReviewed':
      // The public keeps the published version until the admin approves a revision.
      if (!event.data.isApproved) return [];
      return [
        ...publish(event.data.promptId, at, event.data.published, event.data.version),
        { text: `update catalog_prompts set applied_tx = $2::xid8, applied_pos = $3 where id = $1 and ${AFTER}`, params: [event.data.promptId, ...at] },
      ];
    case 'Used':
      return [countUses([event])];
    case 'Rated': {
      // A changed rating replaces the user's earlier one: counted once, its old value taken back.
      const { value, previous } = event.data;
      const added = previous === null ? 1 : 0;
      const helpful = (value === 5 ? 1 : 0) - (previous === 5 ? 1 : 0);
      return [
        {
          text: `update catalog_prompts set
                     rating_count = rating_count + $4,
                     helpful_count = helpful_count + $5,
                     rating = ${ratingSql('(helpful_count + $5)', '(rating_count + $4)')},
                     applied_tx = $2::xid8, applied_pos = $3
                   where id = $1 and ${AFTER}`,
          params: [event.data.promptId, ...at, added, helpful],
        },
      ];
    }
    default:
      return [];
  }
}
