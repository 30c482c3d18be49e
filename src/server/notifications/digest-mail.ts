import en from '../../i18n/locales/en/dashboard.json';
import zh from '../../i18n/locales/zh-HK/dashboard.json';
import type { Language } from '../../i18n/languages';
import { notificationHref, type NotificationView } from '../../../modules/notifications/contracts';
import { singleLineName } from '../../../modules/accounts/contracts';
import { escapeHtml } from '../mail/templates';
import type { MailMessage } from '../mail';

/**
 * The daily digest email (docs/notifications.md) in the person's language. Its texts are the
 * locale files' (`dashboard:notifications`), read as JSON so the worker script, which runs
 * without Vite, writes the same words as the site.
 */
type Texts = Omit<typeof zh.notifications, 'digest'> & { digest: (typeof zh.notifications)['digest'] & { subject_one?: string } };
const TEXTS: Record<Language, Texts> = { en: en.notifications, 'zh-HK': zh.notifications };

const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));

export interface DigestContent {
  to: { email: string; name: string };
  /** The notifications listed, newest first, each with its prompt's title as the person may read it now. */
  items: NotificationView[];
  /** How many unread notifications the digest stands for (more than `items` when they were cut). */
  count: number;
  publicUrl: string;
  /** The one-click unsubscribe link (RFC 8058): GET shows a confirmation, POST unsubscribes. */
  unsubscribeUrl: string;
  /** The page the email's own unsubscribe link opens. */
  unsubscribePage: string;
}

/** One notification's line, as the bell's list says it. */
export function digestLine(texts: Texts, n: NotificationView): string {
  const kinds = texts.kinds as Record<string, string>;
  return fill(kinds[n.kind], { title: n.promptTitle || texts.untitled, version: n.version ?? '' });
}

export function renderDigest(lng: Language, content: DigestContent): MailMessage {
  const texts = TEXTS[lng];
  const d = texts.digest;
  const name = singleLineName(content.to.name);
  const subject = fill(content.count === 1 && d.subject_one ? d.subject_one : d.subject_other, { count: content.count });
  const url = (path: string) => new URL(path, content.publicUrl).toString();
  const lines = content.items.map((n) => ({ text: digestLine(texts, n), href: url(notificationHref(n)) }));
  const more = content.count > lines.length ? fill(d.more, { count: content.count - lines.length }) : null;
  const notifications = url('/notifications');
  const text = [
    fill(d.greeting, { name }),
    '',
    d.intro,
    '',
    ...lines.map((l) => `- ${l.text}\n  ${l.href}`),
    ...(more ? [more] : []),
    '',
    `${d.open}: ${notifications}`,
    '',
    d.why,
    `${d.unsubscribe}: ${content.unsubscribePage}`,
    '',
    '— Promptory',
    '',
  ].join('\n');
  const muted = 'font-size:13px;color:#555';
  const html = `<!doctype html><html lang="${lng}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">
<p>${escapeHtml(fill(d.greeting, { name }))}</p><p>${escapeHtml(d.intro)}</p>
<ul>${lines.map((l) => `<li><a href="${escapeHtml(l.href)}">${escapeHtml(l.text)}</a></li>`).join('')}</ul>${more ? `<p>${escapeHtml(more)}</p>` : ''}
<p><a href="${escapeHtml(notifications)}" style="display:inline-block;padding:10px 16px;background:#4f46e5;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(d.open)}</a></p>
<p style="${muted}">${escapeHtml(d.why)}</p><p style="${muted}"><a href="${escapeHtml(content.unsubscribePage)}">${escapeHtml(d.unsubscribe)}</a></p><p>— Promptory</p></body></html>`;
  return {
    to: content.to.email,
    subject,
    text,
    html,
    headers: { 'List-Unsubscribe': `<${content.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
