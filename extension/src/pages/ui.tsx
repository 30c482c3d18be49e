import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { ApiError } from '../lib/api';
import { INVALID_REQUEST, refusalText } from '../../../src/shared/refusals';
import { load, onChange, type Stored } from '../lib/settings';
import { issueMessage, translator, type T } from '../lib/i18n';
import './style.css';

export function mount(element: React.ReactElement): void {
  createRoot(document.getElementById('root')!).render(element);
}

/** The stored settings, kept current when another page (or the worker) changes them. */
export function useSettings(): Stored | null {
  const [settings, setSettings] = useState<Stored | null>(null);
  useEffect(() => {
    let live = true;
    const refresh = () => void load().then((s) => live && setSettings(s));
    refresh();
    const stop = onChange(refresh);
    return () => {
      live = false;
      stop();
    };
  }, []);
  useEffect(() => {
    if (settings) document.documentElement.lang = settings.language;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the document follows the language only
  }, [settings?.language]);
  return settings;
}

export function useT(settings: Stored | null): T {
  return translator(settings?.language ?? 'en');
}

export type Note = { tone: 'error' | 'ok' | 'info'; text: string } | null;

/** A failed call as the user should read it: offline, not connected, or the site's own reason. */
export function failureNote(error: unknown, t: T, settings: Pick<Stored, 'siteUrl'>): Note {
  if (error instanceof ApiError) {
    const f = error.failure;
    if (f.kind === 'offline') return { tone: 'error', text: t('errors.offline', { site: new URL(settings.siteUrl).host }) };
    if (f.kind === 'signed-out') return { tone: 'error', text: t('errors.signedOut') };
    // A request the schemas refused says each field's problem; any other refusal its reason, by code.
    const issues = f.refused.code === INVALID_REQUEST ? (f.refused.issues ?? []) : [];
    const detail = issues.length ? issues.map((i) => issueMessage(t, i)).join(' ') : refusalText(t, f.refused);
    return { tone: 'error', text: t('errors.refused', { message: detail }) };
  }
  return { tone: 'error', text: t('errors.refused', { message: String((error as Error)?.message ?? error) }) };
}

export function Message({ note }: { note: Note }) {
  if (!note) return null;
  return (
    <div className={`message ${note.tone}`} role={note.tone === 'error' ? 'alert' : 'status'} data-testid="message">
      {note.text}
    </div>
  );
}

export function Logo({ title }: { title: string }) {
  return (
    <h1>
      <img src="icons/icon-48.png" alt="" />
      {title}
    </h1>
  );
}
