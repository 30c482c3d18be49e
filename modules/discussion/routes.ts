import { z } from 'zod';
import { idParam as id } from '../../events/ids';
import { route } from '../../events/route';
import { pageQuery, type Page } from '../../events/paging';
import {
  commentRequest,
  commentsQuery,
  editCommentRequest,
  reportRequest,
  resolveReportRequest,
  type CommentPage,
  type CommentView,
  type ReportOutcome,
  type ReportOutcomeView,
  type ReportView,
} from './contracts';

const params = z.object({ id });

/** Comments on public prompts and reports of prompts and comments. Writes are the website's: never a device or a token. */
export const discussionRoutes = {
  comments: route<CommentPage>()({
    method: 'GET',
    path: '/api/prompts/{id}/comments',
    caller: 'anyone',
    device: true,
    params,
    query: commentsQuery,
    summary: "A public prompt's comments, a page of threads at a time (order newest or oldest; limit ≤ 100, default 20), each with its replies oldest first.",
  }),
  postComment: route<CommentView>()({
    method: 'POST',
    path: '/api/prompts/{id}/comments',
    caller: 'web-user',
    params,
    body: commentRequest,
    summary: 'Posts a comment (plain text, at most 2,000 characters) or, with parentId, a reply to a top-level comment (201).',
  }),
  editComment: route<CommentView>()({
    method: 'PATCH',
    path: '/api/comments/{id}',
    caller: 'web-user',
    params,
    body: editCommentRequest,
    summary: 'Changes the text of one of your comments, within 15 minutes of posting it.',
  }),
  deleteComment: route<{ id: number }>()({
    method: 'DELETE',
    path: '/api/comments/{id}',
    caller: 'web-user',
    params,
    summary: 'Deletes one of your comments (its replies stay under a "deleted" placeholder).',
  }),
  reportPrompt: route<{ id: number }>()({
    method: 'POST',
    path: '/api/prompts/{id}/reports',
    caller: 'web-user',
    params,
    body: reportRequest,
    readYourWrites: 'none',
    summary: 'Reports a public prompt to the admin with a reason (201; the same report again while open answers the open one).',
  }),
  reportComment: route<{ id: number }>()({
    method: 'POST',
    path: '/api/comments/{id}/reports',
    caller: 'web-user',
    params,
    body: reportRequest,
    readYourWrites: 'none',
    summary: 'Reports a comment to the admin with a reason (201).',
  }),
  myReportOutcomes: route<Page<ReportOutcomeView>>()({
    method: 'GET',
    path: '/api/me/report-outcomes',
    caller: 'web-user',
    query: pageQuery,
    summary: 'Decided reports you filed, and decisions about your prompts and comments, newest first (paged).',
  }),
  openReports: route<Page<ReportView>>()({
    method: 'GET',
    path: '/api/admin/reports',
    caller: 'admin',
    query: pageQuery,
    summary: 'Open reports, oldest first (paged).',
  }),
  resolveReport: route<{ id: number; outcome: ReportOutcome }>()({
    method: 'PUT',
    path: '/api/admin/reports/{id}',
    caller: 'admin',
    params,
    body: resolveReportRequest,
    summary: 'Decides a report with a reason: hide the comment, withdraw the prompt, or dismiss it.',
  }),
};
