import type { StoredEvent } from '../../events';
import type { NotificationKind } from '../../modules/notifications/contracts';
import type { Projection, Statement } from '../types';

/** A notification for whoever `recipient` selects (one row or none), unless they did it themselves. */
function notify(
  event: StoredEvent,
  kind: NotificationKind,
  recipient: { table: 'notification_prompts' | 'notification_comments' | 'notification_reports'; key: string; id: number; actorId: number | null },
  fields: { promptId?: number; version?: number; reason?: string | null; note?: string | null } = {},
): Statement {
  const person = recipient.table === 'notification_reports' ? 'reporter_id' : 'author_id';
  return {
    text: `insert into notifications (position, user_id, kind, at, prompt_id, version, reason, note)
           select $1, ${person}, $2, $3, coalesce($4::int, prompt_id), $5, $6, $7 from ${recipient.table}
           where ${recipient.key} = $8 and ${person} is not null and ${person} is distinct from $9::int
           on conflict (position) do nothing`,
    params: [
      event.position,
      kind,
      new Date(event.createdAt).toISOString(),
      fields.promptId ?? null,
      fields.version ?? null,
      fields.reason ?? null,
      fields.note ?? null,
      recipient.id,
      recipient.actorId,
    ],
  };
}

/** A review's notice to the prompt's author, of the prompt or of a revision (`version`): which way, with the reason and note. */
function reviewed(
  event: StoredEvent,
  d: { isApproved: boolean; promptId: number; reviewedBy: number | null; reason: string | null; note: string | null },
  approved: NotificationKind,
  rejected: NotificationKind,
  version?: number,
): Statement {
  const recipient = { table: 'notification_prompts', key: 'prompt_id', id: d.promptId, actorId: d.reviewedBy } as const;
  return notify(event, d.isApproved ? approved : rejected, recipient, { version, reason: d.reason, note: d.note });
}

const own = (table: string, key: string, id: number, authorId: number | null, extra: Record<string, number | null> = {}): Statement[] => {
  if (authorId === null) return [];
  const columns = [key, 'author_id', ...Object.keys(extra)];
  const values = [id, authorId, ...Object.values(extra)];
  return [
    {
      text: `insert into ${table} (${columns.join(', ')}) values (${values.map((_, i) => `$${i + 1}`).join(', ')}) on conflict (${key}) do nothing`,
      params: values,
    },
  ];
};

function evolve(event: StoredEvent): Statement[] {
  switch (event.type) {
    case 'PromptSubmitted':
      return own('notification_prompts', 'prompt_id', event.data.promptId, event.data.submittedBy);
    case 'PromptSavedPrivately':
      return own('notification_prompts', 'prompt_id', event.data.promptId, event.data.savedBy);
    case 'PromptReviewed':
      return [reviewed(event, event.data, 'prompt-approved', 'prompt-rejected')];
    case 'PromptRevisionReviewed':
      return [reviewed(event, event.data, 'revision-approved', 'revision-rejected', event.data.version)];
    case 'PromptWithdrawn': {
      const d = event.data;
      // The author's own withdrawal tells them nothing new.
      if (d.byAuthor) return [];
      return [notify(event, 'prompt-withdrawn', { table: 'notification_prompts', key: 'prompt_id', id: d.promptId, actorId: d.withdrawnBy })];
    }
    case 'CommentPosted': {
      const d = event.data;
      const statements = own('notification_comments', 'comment_id', d.commentId, d.userId, { prompt_id: d.promptId });
      // A reply tells the author of the comment it answers (not its words: they are the replier's own).
      if (d.parentId !== null)
        statements.push(notify(event, 'comment-reply', { table: 'notification_comments', key: 'comment_id', id: d.parentId, actorId: d.userId }));
      return statements;
    }
    case 'CommentHidden': {
      const d = event.data;
      return [
        notify(event, 'comment-hidden', { table: 'notification_comments', key: 'comment_id', id: d.commentId, actorId: d.hiddenBy }, { reason: d.reason }),
      ];
    }
    case 'ReportFiled': {
      const d = event.data;
      return [
        {
          text: 'insert into notification_reports (report_id, reporter_id, prompt_id) values ($1, $2, $3) on conflict (report_id) do nothing',
          params: [d.reportId, d.reporterId, d.promptId],
        },
      ];
    }
    case 'ReportResolved': {
      const d = event.data;
      return [
        notify(event, `report-${d.outcome}`, { table: 'notification_reports', key: 'report_id', id: d.reportId, actorId: d.resolvedBy }, { reason: d.reason }),
      ];
    }
    case 'NotificationsSeen':
      return [seen(event.data.userId, event.data.upTo)];
    case 'NotificationRead':
      return [{ text: 'update notifications set read = true where user_id = $1 and position = $2', params: [event.data.userId, event.data.position] }];
    case 'NotificationsAllRead':
      return [
        { text: 'update notifications set read = true where user_id = $1 and position <= $2 and not read', params: [event.data.userId, event.data.upTo] },
        seen(event.data.userId, event.data.upTo),
      ];
    case 'AccountDeleted': {
      // Nothing is kept for a forgotten person, and nobody is told about them any more.
      const userId = event.data.userId;
      return [
        { text: 'delete from notifications where user_id = $1', params: [userId] },
        { text: 'delete from notification_marks where user_id = $1', params: [userId] },
        { text: 'delete from notification_prompts where author_id = $1', params: [userId] },
        { text: 'delete from notification_comments where author_id = $1', params: [userId] },
        { text: 'delete from notification_reports where reporter_id = $1', params: [userId] },
      ];
    }
    default:
      return [];
  }
}

const seen = (userId: number, upTo: number): Statement => ({
  text: `insert into notification_marks (user_id, seen_up_to) values ($1, $2)
         on conflict (user_id) do update set seen_up_to = greatest(notification_marks.seen_up_to, excluded.seen_up_to)`,
  params: [userId, upTo],
});

/**
 * What happened to each person (docs/notifications.md): made from other people's events
 * (a review, a reply, a report's outcome, a hidden comment), with the owners it needs to know
 * whom to tell (a prompt's author, a comment's author, a report's reporter) and the person's
 * own marks (seen up to, read).
 */
export const notificationsProjection: Projection = {
  name: 'notifications',
  version: 1,
  tables: ['notifications', 'notification_marks', 'notification_prompts', 'notification_comments', 'notification_reports'],
  handles: [
    'PromptSubmitted',
    'PromptSavedPrivately',
    'PromptReviewed',
    'PromptRevisionReviewed',
    'PromptWithdrawn',
    'CommentPosted',
    'CommentHidden',
    'ReportFiled',
    'ReportResolved',
    'NotificationsSeen',
    'NotificationRead',
    'NotificationsAllRead',
    'AccountDeleted',
  ],
  ddl: `
    create table notifications (
      position bigint primary key,
      user_id integer not null,
      kind text not null,
      at timestamptz not null,
      prompt_id integer,
      version integer,
      reason text,
      note text,
      read boolean not null default false
    );
    create index notifications_user on notifications (user_id, position);
    create table notification_marks (user_id integer primary key, seen_up_to bigint not null);
    create table notification_prompts (prompt_id integer primary key, author_id integer);
    create table notification_comments (comment_id integer primary key, author_id integer, prompt_id integer not null);
    create table notification_reports (report_id integer primary key, reporter_id integer, prompt_id integer not null);
  `,
  evolve,
};
