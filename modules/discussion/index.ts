/** The discussion capability: comments on public prompts, and reports of prompts and comments to the admin. */
export { postComment, changeComment, fileReport, resolveReport, type ReportTarget } from './commands';
export { discussionDecider, discussionPlan, commentStream, reportStream, type DiscussionCommand } from './domain/discussion';
export * from './contracts';
