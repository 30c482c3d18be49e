import type { StoredEvent } from '../../events';
import { siteDay } from '../../modules/members/contracts';
import type { Projection, Statement } from '../types';

/**
 * The Community page's people (docs/community.md): members, their prompts (the submitting
 * account's; the seed's, anonymous posts and pen names have none and are never ranked), each prompt's
 * uses and helpful ratings by others per site day (the leaderboards sum days), each rater's
 * current helpful rating (so a changed mind takes the point back from the day it was given),
 * the latest contributions and the featured members. A deleted account leaves every table
 * but the anonymous day totals of other members' prompts.
 *
 * Counters keep a watermark `(applied_tx, applied_pos)`, so applying an event twice changes nothing.
 */
export const communityProjection: Projection = {
  name: 'community',
  // v2: prompts under a pen name belong to no member.
  version: 2,
  tables: ['community_members', 'community_prompts', 'community_prompt_days', 'community_ratings', 'community_contributions'],
  handles: [
    'UserRegistered',
    'UserRenamed',
    'AccountDeleted',
    'MemberFeatured',
    'MemberUnfeatured',
    'PromptSubmitted',
    'PromptSavedPrivately',
    'PromptDiscarded',
    'PromptPurged',
    'PromptUndeleted',
    'PromptReviewed',
    'PromptWithdrawn',
    'PromptEdited',
    'PromptRevisionProposed',
    'PromptRevisionReviewed',
    'Used',
    'Rated',
  ],
  ddl: `
    create table community_members (
      user_id integer primary key,
      name text not null,
      joined_at timestamptz not null,
      -- null: not featured
      featured_at timestamptz
    );
    create index community_members_featured on community_members (featured_at desc, user_id) where featured_at is not null;
    create table community_prompts (
      prompt_id integer primary key,
      owner_id integer not null,
      title text not null,
      version integer not null,
      pending_title text,
      published boolean not null default false,
      first_published_at timestamptz
    );
    create index community_prompts_owner on community_prompts (owner_id, prompt_id);
    create table community_prompt_days (
      prompt_id integer not null,
      day date not null,
      uses integer not null default 0,
      helpful integer not null default 0,
      applied_tx xid8 not null,
      applied_pos bigint not null,
      primary key (prompt_id, day)
    );
    create table community_ratings (
      rater_id integer not null,
      prompt_id integer not null,
      -- the site day the current Helpful was given; null while the rating is Not Helpful
      helpful_day date,
      applied_tx xid8 not null,
      applied_pos bigint not null,
      primary key (rater_id, prompt_id)
    );
    create table community_contributions (
      position bigint primary key,
      prompt_id integer not null,
      owner_id integer not null,
      kind text not null,
      version integer not null,
      at timestamptz not null
    );
    create index community_contributions_owner on community_contributions (owner_id);
  `,
  evolve(event: StoredEvent): Statement[] {
    const at = event.metadata.at;
    const day = siteDay(at);
    const mark = [event.txId, event.position] as const;
    /** Adds to a prompt's day, only for a member's prompt and only for someone other than its owner. */
    const addToDay = (promptId: number, by: number | null, uses: number, helpful: number): Statement => ({
      text: `insert into community_prompt_days as d (prompt_id, day, uses, helpful, applied_tx, applied_pos)
             select prompt_id, $2::date, $3, $4, $5::xid8, $6 from community_prompts where prompt_id = $1 and owner_id is distinct from $7::int
             on conflict (prompt_id, day) do update set uses = d.uses + excluded.uses, helpful = d.helpful + excluded.helpful,
               applied_tx = excluded.applied_tx, applied_pos = excluded.applied_pos
             where (d.applied_tx, d.applied_pos) < (excluded.applied_tx, excluded.applied_pos)`,
      params: [promptId, day, uses, helpful, ...mark, by],
    });
    const contribution = (promptId: number, kind: 'published' | 'revision', onlyFirst: boolean): Statement => ({
      text: `insert into community_contributions (position, prompt_id, owner_id, kind, version, at)
             select $1, prompt_id, owner_id, $3, version, $4 from community_prompts where prompt_id = $2 ${onlyFirst ? 'and first_published_at is null' : ''}
             on conflict (position) do nothing`,
      params: [event.position, promptId, kind, at],
    });
    const newPrompt = (promptId: number, ownerId: number | null, title: string): Statement[] =>
      ownerId === null
        ? []
        : [
            {
              text: 'insert into community_prompts (prompt_id, owner_id, title, version) values ($1, $2, $3, 1) on conflict (prompt_id) do nothing',
              params: [promptId, ownerId, title],
            },
          ];
    switch (event.type) {
      case 'UserRegistered':
        return [
          {
            text: 'insert into community_members (user_id, name, joined_at) values ($1, $2, $3) on conflict (user_id) do nothing',
            params: [event.data.userId, event.data.name, at],
          },
        ];
      case 'UserRenamed':
        return [{ text: 'update community_members set name = $2 where user_id = $1', params: [event.data.userId, event.data.name] }];
      case 'AccountDeleted': {
        const user = [event.data.userId];
        return [
          { text: 'delete from community_prompt_days where prompt_id in (select prompt_id from community_prompts where owner_id = $1)', params: user },
          {
            text: 'delete from community_ratings where rater_id = $1 or prompt_id in (select prompt_id from community_prompts where owner_id = $1)',
            params: user,
          },
          { text: 'delete from community_contributions where owner_id = $1', params: user },
          { text: 'delete from community_prompts where owner_id = $1', params: user },
          { text: 'delete from community_members where user_id = $1', params: user },
        ];
      }
      case 'MemberFeatured':
        return [{ text: 'update community_members set featured_at = $2 where user_id = $1', params: [event.data.userId, at] }];
      case 'MemberUnfeatured':
        return [{ text: 'update community_members set featured_at = null where user_id = $1', params: [event.data.userId] }];
      // A prompt under a pen name is nobody's here: a member's page, contributions and boards would connect it to the account.
      case 'PromptSubmitted':
        return newPrompt(event.data.promptId, event.data.penName ? null : event.data.submittedBy, event.data.title);
      case 'PromptSavedPrivately':
        return newPrompt(event.data.promptId, event.data.penName ? null : event.data.savedBy, event.data.title);
      case 'PromptDiscarded':
      case 'PromptPurged': {
        const prompt = [event.data.promptId];
        return [
          { text: 'delete from community_prompt_days where prompt_id = $1', params: prompt },
          { text: 'delete from community_ratings where prompt_id = $1', params: prompt },
          { text: 'delete from community_contributions where prompt_id = $1', params: prompt },
          { text: 'delete from community_prompts where prompt_id = $1', params: prompt },
        ];
      }
      case 'PromptReviewed':
        if (!event.data.isApproved) return [];
        return [
          contribution(event.data.promptId, 'published', true),
          {
            text: 'update community_prompts set published = true, first_published_at = coalesce(first_published_at, $2) where prompt_id = $1',
            params: [event.data.promptId, at],
          },
        ];
      case 'PromptWithdrawn':
        return [{ text: 'update community_prompts set published = false where prompt_id = $1', params: [event.data.promptId] }];
      case 'PromptUndeleted':
        // Its deletion undone at once: published again as it was (restored later, it stays withdrawn).
        if (event.data.status !== 'approved') return [];
        return [{ text: 'update community_prompts set published = true where prompt_id = $1', params: [event.data.promptId] }];
      case 'PromptEdited':
        return [
          {
            text: 'update community_prompts set title = $2, version = $3 where prompt_id = $1',
            params: [event.data.promptId, event.data.title, event.data.version],
          },
        ];
      case 'PromptRevisionProposed':
        return [{ text: 'update community_prompts set pending_title = $2 where prompt_id = $1', params: [event.data.promptId, event.data.title] }];
      case 'PromptRevisionReviewed':
        if (!event.data.isApproved) return [];
        return [
          {
            text: 'update community_prompts set title = coalesce(pending_title, title), version = $2, pending_title = null where prompt_id = $1',
            params: [event.data.promptId, event.data.version],
          },
          contribution(event.data.promptId, 'revision', false),
        ];
      case 'Used':
        return [addToDay(event.data.promptId, event.data.userId, event.data.count, 0)];
      case 'Rated': {
        const { userId, promptId, value, previous } = event.data;
        if (value === 5 && previous !== 5)
          return [
            addToDay(promptId, userId, 0, 1),
            {
              text: `insert into community_ratings as r (rater_id, prompt_id, helpful_day, applied_tx, applied_pos)
                     select $1, prompt_id, $3::date, $4::xid8, $5 from community_prompts where prompt_id = $2 and owner_id <> $1
                     on conflict (rater_id, prompt_id) do update set helpful_day = excluded.helpful_day,
                       applied_tx = excluded.applied_tx, applied_pos = excluded.applied_pos
                     where (r.applied_tx, r.applied_pos) < (excluded.applied_tx, excluded.applied_pos)`,
              params: [userId, promptId, day, ...mark],
            },
          ];
        if (value === 1 && previous === 5)
          // The point goes back on the day it was given, so a board of that week loses it too.
          return [
            {
              text: `update community_prompt_days d set helpful = d.helpful - 1, applied_tx = $3::xid8, applied_pos = $4
                     from community_ratings r
                     where r.rater_id = $1 and r.prompt_id = $2 and d.prompt_id = $2 and d.day = r.helpful_day
                       and (r.applied_tx, r.applied_pos) < ($3::xid8, $4)`,
              params: [userId, promptId, ...mark],
            },
            {
              text: `update community_ratings set helpful_day = null, applied_tx = $3::xid8, applied_pos = $4
                     where rater_id = $1 and prompt_id = $2 and (applied_tx, applied_pos) < ($3::xid8, $4)`,
              params: [userId, promptId, ...mark],
            },
          ];
        return [];
      }
      default:
        return [];
    }
  },
};
