import type { StoredEvent } from '../../events';
import type { Projection, Statement } from '../types';

/**
 * Comments and reports. A removed comment keeps its row (without its text) so a
 * thread can show its place as "deleted" while replies stand. A deleted account's comments
 * lose their text and author, and their reports go. Rows are keyed by comment and report id,
 * so each event's statement applies once per row.
 */
export const discussionProjection: Projection = {
  name: 'discussion',
  version: 1,
  tables: ['comments', 'reports'],
  handles: ['CommentPosted', 'CommentEdited', 'CommentDeleted', 'CommentHidden', 'ReportFiled', 'ReportResolved', 'AccountDeleted'],
  ddl: `
    create table comments (
      id integer primary key,
      prompt_id integer not null,
      parent_id integer,
      user_id integer,
      body text,
      created_at timestamptz not null,
      edited_at timestamptz,
      deleted boolean not null default false,
      hidden boolean not null default false
    );
    create index comments_thread on comments (prompt_id, parent_id, id);
    create index comments_user on comments (user_id);
    create table reports (
      id integer primary key,
      reporter_id integer,
      prompt_id integer not null,
      comment_id integer,
      author_id integer,
      reason text not null,
      note text,
      created_at timestamptz not null,
      outcome text,
      outcome_reason text,
      resolved_at timestamptz
    );
    create index reports_open on reports (id) where outcome is null;
    create index reports_reporter on reports (reporter_id, id);
    create index reports_author on reports (author_id, id);
  `,
  evolve(event: StoredEvent): Statement[] {
    switch (event.type) {
      case 'CommentPosted': {
        const d = event.data;
        return [
          {
            text: `insert into comments (id, prompt_id, parent_id, user_id, body, created_at) values ($1, $2, $3, $4, $5, $6) on conflict (id) do nothing`,
            params: [d.commentId, d.promptId, d.parentId, d.userId, d.body, event.createdAt],
          },
        ];
      }
      case 'CommentEdited':
        return [
          {
            text: 'update comments set body = $2, edited_at = $3 where id = $1 and not deleted',
            params: [event.data.commentId, event.data.body, event.createdAt],
          },
        ];
      case 'CommentDeleted':
        return [{ text: 'update comments set body = null, deleted = true where id = $1', params: [event.data.commentId] }];
      case 'CommentHidden':
        return [{ text: 'update comments set hidden = true where id = $1', params: [event.data.commentId] }];
      case 'ReportFiled': {
        const d = event.data;
        return [
          {
            text: `insert into reports (id, reporter_id, prompt_id, comment_id, author_id, reason, note, created_at)
                   values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict (id) do nothing`,
            params: [d.reportId, d.reporterId, d.promptId, d.commentId, d.authorId, d.reason, d.note, event.createdAt],
          },
        ];
      }
      case 'ReportResolved':
        return [
          {
            text: 'update reports set outcome = $2, outcome_reason = $3, resolved_at = $4 where id = $1',
            params: [event.data.reportId, event.data.outcome, event.data.reason, event.createdAt],
          },
        ];
      case 'AccountDeleted':
        return [
          { text: 'update comments set body = null, user_id = null, deleted = true where user_id = $1', params: [event.data.userId] },
          { text: 'delete from reports where reporter_id = $1', params: [event.data.userId] },
          { text: 'update reports set author_id = null where author_id = $1', params: [event.data.userId] },
        ];
      default:
        return [];
    }
  },
};
