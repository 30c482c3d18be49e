import { mkdir, readdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { basename, join } from 'node:path';
import nodemailer from 'nodemailer';
import type { PgBoss } from 'pg-boss';
import type { Sql } from '../../../events';
import type { Config } from '../config';
import type { Language } from '../../i18n/languages';
import { renderMail, type MailKind } from './templates';
import { logLine, maskEmail } from '../log';

/**
 * Outgoing email. With SMTP_URL set, messages go through SMTP (nodemailer), queued in
 * pg-boss (`mail` queue, 5 retries with exponential backoff from MAIL_RETRY_DELAY_SECONDS,
 * default 30): a server that refuses or drops a delivery gets it again later, and a delivered
 * job is completed, never sent twice. Without pg-boss (tests) they are sent at once. Without
 * SMTP_URL each message is written as an .eml file under DATA_DIR/outbox/ (its link inside),
 * so the flow completes on a fresh machine; deleting an account deletes the files addressed
 * to it (forgetMail). The log names a recipient only masked (maskEmail): a log outlives a
 * deleted account.
 *
 * The queued job carries the message (and so the link's token) until it is sent; the
 * queue deletes finished jobs after a minute. The sender is Config.mailFrom (MAIL_FROM).
 */
export const MAIL_QUEUE = 'mail';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (a digest's List-Unsubscribe and List-Unsubscribe-Post). */
  headers?: Record<string, string>;
}

interface MailHost {
  config: Pick<Config, 'smtpUrl' | 'dataDir' | 'workers' | 'mailRetryDelaySeconds' | 'mailFrom'>;
  boss: PgBoss | undefined;
}

const transports = new Map<string, nodemailer.Transporter>();
function smtpTransport(url: string): nodemailer.Transporter {
  let transport = transports.get(url);
  if (!transport) transports.set(url, (transport = nodemailer.createTransport(url)));
  return transport;
}

const retryPolicy = (config: MailHost['config']) => ({ retryLimit: 5, retryDelay: config.mailRetryDelaySeconds, retryBackoff: true });

const outboxOf = (config: MailHost['config']) => join(config.dataDir, 'outbox');
/** The end of an outbox file's name: the recipient, as a file name may hold it. */
const outboxSuffix = (to: string) => `-${to.replace(/[^a-zA-Z0-9@._-]/g, '_').slice(0, 100)}.eml`;

async function writeOutbox(config: MailHost['config'], message: MailMessage): Promise<string> {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const info = await transport.sendMail({ from: config.mailFrom, ...message });
  const dir = outboxOf(config);
  await mkdir(dir, { recursive: true });
  const file = join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}${outboxSuffix(message.to)}`);
  await writeFile(file, info.message as Buffer);
  return file;
}

/**
 * Deletes the outbox files addressed to `email` (an account being deleted): the name finds
 * them, the message's own To header confirms each, so another address that files under the
 * same name keeps its mail. With SMTP nothing is kept here to delete.
 */
export async function forgetMail(host: Pick<MailHost, 'config'>, email: string): Promise<number> {
  const dir = outboxOf(host.config);
  const names = await readdir(dir).catch(() => [] as string[]);
  const suffix = outboxSuffix(email).toLowerCase();
  let deleted = 0;
  for (const name of names.filter((n) => n.toLowerCase().endsWith(suffix))) {
    const head = (await readFile(join(dir, name), 'utf8')).split('\n\n', 1)[0];
    const to = /^To: (.*)$/im.exec(head)?.[1].trim().toLowerCase();
    if (to !== email.toLowerCase()) continue;
    await unlink(join(dir, name));
    deleted++;
  }
  return deleted;
}

/** Sends (or queues, or files) one message. */
export async function sendMail(host: MailHost, message: MailMessage): Promise<void> {
  const { smtpUrl, mailFrom } = host.config;
  if (!smtpUrl) {
    const file = await writeOutbox(host.config, message);
    // The file's name holds the address: the log names it by its unique start only.
    logLine(`mail to ${maskEmail(message.to)} written to the outbox as ${basename(file).slice(0, -outboxSuffix(message.to).length)}-*.eml`);
    return;
  }
  if (host.boss) {
    await host.boss.send(MAIL_QUEUE, message, retryPolicy(host.config));
    return;
  }
  await smtpTransport(smtpUrl).sendMail({ from: mailFrom, ...message });
}

/**
 * Queues `message` in the caller's transaction (`sql`), so it is sent if and only if that
 * transaction commits: with SMTP and pg-boss, the job is inserted through the transaction's
 * own connection. Answers false when there is no queue (no SMTP: the outbox file; or no
 * pg-boss): the caller sends it with `sendMail` after the commit.
 */
export async function queueMailIn(host: MailHost, sql: Sql, message: MailMessage): Promise<boolean> {
  if (!host.config.smtpUrl || !host.boss) return false;
  await host.boss.send(MAIL_QUEUE, message, {
    ...retryPolicy(host.config),
    db: { executeSql: async (text, values) => ({ rows: await sql.query(text, values) }) },
  });
  return true;
}

/** Creates the mail queue and, where this process works queues, its worker (called by createApp). */
export async function startMail(host: MailHost): Promise<void> {
  const { boss, config } = host;
  if (!boss || !config.smtpUrl) return;
  await boss.createQueue(MAIL_QUEUE, { ...retryPolicy(config), deleteAfterSeconds: 60 });
  if (config.workers <= 0) return;
  const { smtpUrl: url, mailFrom } = config;
  await boss.work<MailMessage>(MAIL_QUEUE, { batchSize: 1 }, async ([job]) => {
    await smtpTransport(url).sendMail({ from: mailFrom, ...job.data });
  });
}

/**
 * Renders one of the account emails in `lng` and sends it. A reset email's link lands on
 * /auth/reset-password, so the screen says "reset" like the email does (the first-time
 * /auth?email=… link shows "Set your password").
 */
export function sendAccountMail(host: MailHost, kind: MailKind, lng: Language, to: { email: string; name: string }, link: string): Promise<void> {
  const landing = kind === 'reset' ? resetLanding(link) : link;
  return sendMail(host, { to: to.email, ...renderMail(kind, lng, to.name, landing) });
}

/** An accountLink moved to the reset screen (same query); other links are left alone. */
export function resetLanding(link: string): string {
  const url = new URL(link);
  if (url.pathname === '/auth' && url.searchParams.has('token')) url.pathname = '/auth/reset-password';
  return url.toString();
}

export type { MailKind };

/** The emailed link: /auth?email=…&token=… on the public origin (PUBLIC_URL), never the request's Host. */
export function accountLink(publicUrl: string, email: string, token: string): string {
  const url = new URL('/auth', publicUrl);
  url.searchParams.set('email', email);
  url.searchParams.set('token', token);
  return url.toString();
}
