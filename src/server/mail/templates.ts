import { singleLineName } from '../../../modules/accounts/contracts';
import type { Language } from '../../i18n/languages';

/** The account emails, in both languages. Plain text plus a small HTML twin. */
export type MailKind = 'register' | 'reset' | 'already-registered';

interface Copy {
  subject: string;
  greeting: (name: string) => string;
  body: string;
  action: string;
  footer: string;
}

const COPY: Record<Language, Record<MailKind, Copy>> = {
  en: {
    register: {
      subject: 'Set your Promptory password',
      greeting: (n) => `Hi ${n},`,
      body: 'Welcome to Promptory! Open the link below to set your password and sign in. The link works once and expires in 24 hours.',
      action: 'Set your password',
      footer: "If you didn't create an account, you can ignore this email.",
    },
    reset: {
      subject: 'Reset your Promptory password',
      greeting: (n) => `Hi ${n},`,
      body: 'Someone (hopefully you) asked to reset your Promptory password. Open the link below to choose a new one. The link works once and expires in 1 hour.',
      action: 'Reset your password',
      footer: "If you didn't ask for this, you can ignore this email; your password stays the same.",
    },
    'already-registered': {
      subject: 'Someone tried to register with your email',
      greeting: (n) => `Hi ${n},`,
      body: 'Someone tried to create a Promptory account with this email address, but you already have one. If it was you, sign in, or use "Forgot password" on the sign-in page to choose a new password.',
      action: 'Go to sign in',
      footer: "If it wasn't you, you can ignore this email; nothing has changed.",
    },
  },
  'zh-HK': {
    register: {
      subject: '設定你的 Promptory 密碼',
      greeting: (n) => `${n}，你好：`,
      body: '歡迎加入 Promptory！請打開以下連結設定密碼並登入。連結只可使用一次，24 小時後失效。',
      action: '設定密碼',
      footer: '如果你沒有建立帳戶，請忽略這封電郵。',
    },
    reset: {
      subject: '重設你的 Promptory 密碼',
      greeting: (n) => `${n}，你好：`,
      body: '有人（希望是你）要求重設你的 Promptory 密碼。請打開以下連結設定新密碼。連結只可使用一次，1 小時後失效。',
      action: '重設密碼',
      footer: '如果你沒有提出這個要求，請忽略這封電郵；你的密碼不會改變。',
    },
    'already-registered': {
      subject: '有人嘗試用你的電郵註冊',
      greeting: (n) => `${n}，你好：`,
      body: '有人嘗試用這個電郵地址建立 Promptory 帳戶，但你已經有帳戶。如果是你本人，請直接登入，或在登入頁使用「忘記密碼」設定新密碼。',
      action: '前往登入',
      footer: '如果不是你，請忽略這封電郵；你的帳戶沒有任何改變。',
    },
  },
};

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function renderMail(kind: MailKind, lng: Language, rawName: string, link: string) {
  const c = COPY[lng][kind];
  // Names are cleaned at registration; accounts from before that rule are cleaned here.
  const name = singleLineName(rawName);
  const text = `${c.greeting(name)}\n\n${c.body}\n\n${c.action}:\n${link}\n\n${c.footer}\n\n— Promptory\n`;
  const html = `<!doctype html><html lang="${lng}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">
<p>${escapeHtml(c.greeting(name))}</p><p>${escapeHtml(c.body)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 16px;background:#4f46e5;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(c.action)}</a></p>
<p style="font-size:13px;color:#555">${escapeHtml(link)}</p><p style="font-size:13px;color:#555">${escapeHtml(c.footer)}</p><p>— Promptory</p></body></html>`;
  return { subject: c.subject, text, html };
}
