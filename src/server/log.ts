/**
 * What the server writes to its log. A log outlives a deleted account (rotated files,
 * shipped copies), so it never holds an email address in clear: every line and error that
 * may carry one goes through here.
 */

/**
 * An address as the log may show it: its first letter and the domain's first letter and last
 * label ("zq-abc@example.com" → "z…@e….com"), enough to tell mails apart while debugging.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 0) return `${email.slice(0, 1)}…`;
  const domain = email.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  return `${email.slice(0, 1)}…@${domain.slice(0, 1)}…${dot > 0 ? domain.slice(dot) : ''}`;
}

const ADDRESS = /[^\s@<>()[\]"',;:]+@[^\s@<>()[\]"',;:]+\.[A-Za-z]{2,}/g;

/** `text` with every address in it masked (an SMTP refusal or a database error may quote one). */
export const maskEmails = (text: string): string => text.replace(ADDRESS, maskEmail);

/** One line of the server's log. */
export function logLine(message: string): void {
  console.log(`[promptory] ${maskEmails(message)}`);
}

/** A failure, with its stack, every address in it masked. */
export function logError(message: string, error: unknown): void {
  const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
  console.error(`[promptory] ${maskEmails(message)}`, maskEmails(detail));
}
