import { describe, expect, it } from 'vitest';
import type { NewEvent } from '../../events';
import { discussionDecider } from '../../modules/discussion/domain/discussion';
import { commentRequest, commentSegments, reportRequest, resolveReportRequest, DISCUSSION_REFUSALS } from '../../modules/discussion/contracts';
import { given } from '../support/given';

const admin = { userId: 1, isAdmin: true };
const submitted: NewEvent = {
  type: 'PromptSubmitted',
  data: { promptId: 7, title: 't', description: 'd', content: 'c', categoryId: 1, authorName: 'Ada', submittedBy: 5 },
};
const approved: NewEvent = { type: 'PromptReviewed', data: { promptId: 7, isApproved: true, reviewedBy: 1 } };
const withdrawn: NewEvent = { type: 'PromptWithdrawn', data: { promptId: 7, withdrawnBy: 1, byAuthor: false } };
const posted = (commentId: number, userId = 2, parentId: number | null = null, body = 'Nice one'): NewEvent => ({
  type: 'CommentPosted',
  data: { commentId, promptId: 7, userId, parentId, body },
});
const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 12, minutes));

describe('comments', () => {
  it('given a public prompt, when a member comments, then the comment is posted', () => {
    given(discussionDecider, submitted, approved)
      .when({ kind: 'post', commentId: 1, promptId: 7, userId: 2, parentId: null, body: 'Nice one' })
      .then(posted(1));
  });

  it('given a prompt that is not public (pending or withdrawn), when a member comments, then it is not found', () => {
    given(discussionDecider, submitted)
      .when({ kind: 'post', commentId: 1, promptId: 7, userId: 2, parentId: null, body: 'x' })
      .thenRefuses(DISCUSSION_REFUSALS.promptNotFound);
    given(discussionDecider, submitted, approved, withdrawn)
      .when({ kind: 'post', commentId: 1, promptId: 7, userId: 2, parentId: null, body: 'x' })
      .thenRefuses(DISCUSSION_REFUSALS.promptNotFound);
  });

  it('given a top-level comment, when another member replies to it, then the reply names it as parent', () => {
    given(discussionDecider, submitted, approved, posted(1))
      .when({ kind: 'post', commentId: 2, promptId: 7, userId: 3, parentId: 1, body: 'Agreed' })
      .then(posted(2, 3, 1, 'Agreed'));
  });

  it('given a reply, when someone replies to the reply, then it is refused: replies go one level deep', () => {
    given(discussionDecider, submitted, approved, posted(1), posted(2, 3, 1))
      .when({ kind: 'post', commentId: 3, promptId: 7, userId: 2, parentId: 2, body: 'Deeper' })
      .thenRefuses(DISCUSSION_REFUSALS.oneLevel);
  });

  it('given a deleted or hidden comment, or one on another prompt, when someone replies to it, then it is not found', () => {
    const deleted: NewEvent = { type: 'CommentDeleted', data: { commentId: 1, promptId: 7, userId: 2 } };
    const hidden: NewEvent = { type: 'CommentHidden', data: { commentId: 1, promptId: 7, hiddenBy: 1, reportId: null, reason: 'spam' } };
    const reply = { kind: 'post', commentId: 3, promptId: 7, userId: 3, parentId: 1, body: 'Hello' } as const;
    given(discussionDecider, submitted, approved, posted(1), deleted).when(reply).thenRefuses(DISCUSSION_REFUSALS.notFound);
    given(discussionDecider, submitted, approved, posted(1), hidden).when(reply).thenRefuses(DISCUSSION_REFUSALS.notFound);
    given(discussionDecider, submitted, approved, { ...posted(1), data: { ...posted(1).data, promptId: 8 } } as NewEvent)
      .when(reply)
      .thenRefuses(DISCUSSION_REFUSALS.notFound);
  });

  it('given a comment posted at 12:00, when its author edits it at 12:15, then it is edited; at 12:16 the window has closed', () => {
    const g = given(discussionDecider, submitted, approved, [posted(1), at(0)]);
    g.when({ kind: 'edit', commentId: 1, userId: 2, body: 'Nicer one', at: at(15).toISOString() }).then({
      type: 'CommentEdited',
      data: { commentId: 1, promptId: 7, userId: 2, body: 'Nicer one' },
    });
    g.when({ kind: 'edit', commentId: 1, userId: 2, body: 'Nicer one', at: at(16).toISOString() }).thenRefuses(DISCUSSION_REFUSALS.editWindow);
  });

  it('given a comment, when the same text is saved again, then nothing is appended', () => {
    given(discussionDecider, submitted, approved, [posted(1), at(0)])
      .when({ kind: 'edit', commentId: 1, userId: 2, body: 'Nice one', at: at(1).toISOString() })
      .then();
  });

  it('given a comment, when anyone but its author edits or deletes it (the admin too), then it is refused', () => {
    const g = given(discussionDecider, submitted, approved, [posted(1), at(0)]);
    g.when({ kind: 'edit', commentId: 1, userId: 3, body: 'Mine now', at: at(1).toISOString() }).thenRefuses(DISCUSSION_REFUSALS.notYours);
    g.when({ kind: 'delete', commentId: 1, userId: 3 }).thenRefuses(DISCUSSION_REFUSALS.notYours);
    g.when({ kind: 'delete', commentId: 1, userId: 1 }).thenRefuses(DISCUSSION_REFUSALS.notYours);
  });

  it('given a comment, when its author deletes it, then it is deleted; a second delete adds nothing; editing it is then not found', () => {
    const deleted: NewEvent = { type: 'CommentDeleted', data: { commentId: 1, promptId: 7, userId: 2 } };
    given(discussionDecider, submitted, approved, posted(1)).when({ kind: 'delete', commentId: 1, userId: 2 }).then(deleted);
    const g = given(discussionDecider, submitted, approved, [posted(1), at(0)], deleted);
    g.when({ kind: 'delete', commentId: 1, userId: 2 }).then();
    g.when({ kind: 'edit', commentId: 1, userId: 2, body: 'Back', at: at(1).toISOString() }).thenRefuses(DISCUSSION_REFUSALS.notFound);
  });

  it('given a comment, when the admin hides it, then it is hidden; a member may not; hiding twice adds nothing', () => {
    const hide = { kind: 'hide', commentId: 1, actor: admin, reportId: 4, reason: 'Spam link' } as const;
    const hidden: NewEvent = { type: 'CommentHidden', data: { commentId: 1, promptId: 7, hiddenBy: 1, reportId: 4, reason: 'Spam link' } };
    given(discussionDecider, submitted, approved, posted(1)).when(hide).then(hidden);
    given(discussionDecider, submitted, approved, posted(1))
      .when({ ...hide, actor: { userId: 3, isAdmin: false } })
      .thenRefuses(DISCUSSION_REFUSALS.adminOnly);
    given(discussionDecider, submitted, approved, posted(1), hidden).when(hide).then();
  });
});

describe('reports', () => {
  const filed: NewEvent = {
    type: 'ReportFiled',
    data: { reportId: 9, reporterId: 3, promptId: 7, commentId: 1, authorId: 2, reason: 'spam', note: null },
  };
  const report = { kind: 'report', reportId: 9, reporterId: 3, promptId: 7, commentId: 1, reason: 'spam', note: null } as const;

  it("given a shown comment, when a member reports it, then the report names the comment's author", () => {
    given(discussionDecider, submitted, approved, posted(1)).when(report).then(filed);
  });

  it("given a public prompt, when a member reports it, then the report names the prompt's author", () => {
    given(discussionDecider, submitted, approved)
      .when({ ...report, commentId: null, reason: 'other', note: 'Copied from elsewhere' })
      .then({ type: 'ReportFiled', data: { ...filed.data, commentId: null, authorId: 5, reason: 'other', note: 'Copied from elsewhere' } } as NewEvent);
  });

  it('given an open report, when the same member reports the same thing again, then nothing is added; after it is resolved, a new one is', () => {
    given(discussionDecider, submitted, approved, posted(1), filed)
      .when({ ...report, reportId: 10 })
      .then();
    const resolved: NewEvent = { type: 'ReportResolved', data: { reportId: 9, outcome: 'dismissed', reason: 'Looks fine', resolvedBy: 1 } };
    const again = given(discussionDecider, submitted, approved, posted(1), filed, resolved)
      .when({ ...report, reportId: 10 })
      .events();
    expect(again).toHaveLength(1);
  });

  it('given a removed comment or a prompt no longer public, when a member reports it, then it is not found', () => {
    const deleted: NewEvent = { type: 'CommentDeleted', data: { commentId: 1, promptId: 7, userId: 2 } };
    given(discussionDecider, submitted, approved, posted(1), deleted).when(report).thenRefuses(DISCUSSION_REFUSALS.notFound);
    given(discussionDecider, submitted, approved, withdrawn)
      .when({ ...report, commentId: null })
      .thenRefuses(DISCUSSION_REFUSALS.promptNotFound);
  });

  it('given an open report, when the admin resolves it, then it is resolved with the reason; once only; never by a member', () => {
    const resolve = { kind: 'resolve', reportId: 9, actor: admin, action: 'hide', reason: 'Spam link' } as const;
    const resolved: NewEvent = { type: 'ReportResolved', data: { reportId: 9, outcome: 'hidden', reason: 'Spam link', resolvedBy: 1 } };
    given(discussionDecider, filed).when(resolve).then(resolved);
    given(discussionDecider, filed, resolved).when(resolve).thenRefuses(DISCUSSION_REFUSALS.reportResolved);
    given(discussionDecider, filed)
      .when({ ...resolve, actor: { userId: 3, isAdmin: false } })
      .thenRefuses(DISCUSSION_REFUSALS.adminOnly);
    given(discussionDecider, filed)
      .when({ ...resolve, reportId: 10 })
      .thenRefuses(DISCUSSION_REFUSALS.reportNotFound);
  });

  it("given a comment's report, the admin may not withdraw for it; given a prompt's, may not hide; either may be dismissed", () => {
    const promptReport: NewEvent = { type: 'ReportFiled', data: { ...filed.data, commentId: null } } as NewEvent;
    const resolve = { kind: 'resolve', reportId: 9, actor: admin, reason: 'Checked it' } as const;
    given(discussionDecider, filed)
      .when({ ...resolve, action: 'withdraw' })
      .thenRefuses(DISCUSSION_REFUSALS.wrongTarget);
    given(discussionDecider, promptReport)
      .when({ ...resolve, action: 'hide' })
      .thenRefuses(DISCUSSION_REFUSALS.wrongTarget);
    given(discussionDecider, promptReport)
      .when({ ...resolve, action: 'withdraw' })
      .then({ type: 'ReportResolved', data: { reportId: 9, outcome: 'withdrawn', reason: 'Checked it', resolvedBy: 1 } });
    given(discussionDecider, filed)
      .when({ ...resolve, action: 'dismiss' })
      .then({ type: 'ReportResolved', data: { reportId: 9, outcome: 'dismissed', reason: 'Checked it', resolvedBy: 1 } });
  });
});

describe('the comment and report forms', () => {
  it('takes 1 to 2,000 characters after trimming, with the broken bound in the issue', () => {
    expect(commentRequest.parse({ body: '  hi  ' })).toEqual({ body: 'hi', parentId: null });
    expect(commentRequest.safeParse({ body: '   ' }).error?.issues[0]).toMatchObject({ path: ['body'], code: 'too_small', minimum: 1 });
    expect(commentRequest.safeParse({ body: 'x'.repeat(2001) }).error?.issues[0]).toMatchObject({ path: ['body'], code: 'too_big', maximum: 2000 });
    expect(commentRequest.safeParse({ body: 'x'.repeat(2000) }).success).toBe(true);
  });

  it('asks for a note when the reason is "other", and for a reason when the admin decides', () => {
    expect(reportRequest.safeParse({ reason: 'other' }).error?.issues[0]).toMatchObject({ path: ['note'], code: 'custom' });
    expect(reportRequest.parse({ reason: 'spam', note: '' })).toEqual({ reason: 'spam', note: null });
    expect(reportRequest.safeParse({ reason: 'rude' }).success).toBe(false);
    expect(resolveReportRequest.safeParse({ action: 'hide', reason: '' }).success).toBe(false);
  });
});

describe('links in comments', () => {
  it('turns http(s) URLs into links and leaves everything else as text', () => {
    expect(commentSegments('See https://example.com/a?b=1. Or http://x.org')).toEqual([
      { text: 'See ' },
      { text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { text: '. Or ' },
      { text: 'http://x.org', href: 'http://x.org/' },
    ]);
  });

  it('never links javascript:, data: or markup, which stay plain text', () => {
    for (const text of ['javascript:alert(1)', 'data:text/html,<b>x</b>', '<a href="https://evil.test">x</a>', 'ftp://files.test/x']) {
      const segments = commentSegments(text);
      expect(segments.filter((s) => s.href && !s.href.startsWith('https://evil.test'))).toEqual([]);
      expect(segments.map((s) => s.text).join('')).toBe(text);
    }
  });
});
