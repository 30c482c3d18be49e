import { formMessage, type FormIssue } from '../../../src/shared/form-messages';
import type { T } from './strings';

/** The translator lives in strings.ts (no validation rules: the chat sites' content script carries it); pages import both from here. */
export { translator, type T } from './strings';

/** A save-form issue (a local parse's or the site's answer's) in the user's language; unknown ones as the site worded them. */
export function issueMessage(t: T, issue: FormIssue & { message: string }): string {
  // The save form is the create page's form without the author name.
  const chosen = formMessage('createPage', issue);
  // Save-form keys live in the bundled review namespace.
  return chosen ? t(chosen.qualified, chosen.values) : issue.message;
}
