import { useMemo, useRef, useState, type ReactNode } from 'react';
import { initialFillValues, parseTemplate, type PromptView } from '../../../modules/prompts/contracts';
import { api } from '../lib/api';
import { lastFillValues, rememberFillValues } from '../lib/fill-values';
import { insertIntoActiveTab, sendFromPage } from '../lib/send';
import type { InsertAnswer } from '../lib/messages';
import { chosenService, type Stored } from '../lib/settings';
import type { T } from '../lib/i18n';
import { FillForm, type FillMode } from './fill';
import { failureNote, type Note } from './ui';

/** What a list item shows and copies: the library's, the favourites' and My Prompts' prompts alike. */
export type ItemPrompt = Pick<PromptView, 'id' | 'title' | 'description' | 'content'>;

interface Props {
  prompt: ItemPrompt;
  /** The line under the title (category and uses, or category and status). */
  meta: ReactNode;
  /** Whether a copy or send counts as a public use (`PUT /api/prompts/{id}/use` takes published prompts only). */
  counted: boolean;
  settings: Stored;
  t: T;
  onNote: (n: Note) => void;
}

/** One prompt of the side panel: Copy, Send and Insert (through the fill-in form when it has variables), and a link to it on the site. */
export function PromptItem({ prompt, meta, counted, settings, t, onNote }: Props) {
  const [copied, setCopied] = useState(false);
  const [filling, setFilling] = useState<{ mode: FillMode; initial: Record<string, string> } | null>(null);
  const template = useMemo(() => parseTemplate(prompt.content), [prompt.content]);
  const copyButton = useRef<HTMLButtonElement>(null);
  const sendButton = useRef<HTMLButtonElement>(null);
  const insertButton = useRef<HTMLButtonElement>(null);
  const service = chosenService(settings);

  /** Counted like a copy on the site; a failure here must not undo the copy or the send. */
  const countUse = () => {
    if (counted) api.use(settings, prompt.id).catch(() => undefined);
  };

  async function copy(text: string) {
    await navigator.clipboard.writeText(text);
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
    countUse();
  }

  async function send(text: string) {
    try {
      const sent = await sendFromPage(settings, text);
      if (sent.kind === 'inserted') return inserted(sent);
      if (sent.copied) onNote({ tone: 'info', text: t('send.copied', { service: service.name }) });
      countUse();
    } catch (error) {
      onNote(failureNote(error, t, settings));
    }
  }

  /** Into the chat box of this window's active tab, at its caret, when it is one of the chat sites. */
  async function insert(text: string) {
    const answer = await insertIntoActiveTab(text);
    if (!answer) return onNote({ tone: 'info', text: t('composer.noChatTab') });
    inserted(answer);
  }

  /** What the active tab's composer answered to an Insert, or to a Send made there. */
  function inserted(answer: InsertAnswer) {
    if (!answer.inserted) return onNote({ tone: answer.copied ? 'info' : 'error', text: answer.copied ? t('composer.notInserted') : t('composer.notCopied') });
    onNote({ tone: 'ok', text: t('composer.insertedHere') });
    countUse();
  }

  const finish = (mode: FillMode, text: string) => (mode === 'copy' ? copy(text) : mode === 'send' ? send(text) : insert(text));
  const buttons = { copy: copyButton, send: sendButton, insert: insertButton };

  /** Without variables the content goes as it is; with them, the form opens first (kept open when switching between Copy, Send and Insert). */
  async function start(mode: FillMode) {
    if (template.variables.length === 0) return finish(mode, prompt.content);
    if (filling) return setFilling({ ...filling, mode });
    const last = await lastFillValues(settings.siteUrl, prompt.id);
    setFilling({ mode, initial: initialFillValues(template.variables, last) });
  }

  /** The form closes and focus goes back to the button that opened it, as a dialog's would. */
  function close(mode: FillMode) {
    setFilling(null);
    buttons[mode].current?.focus();
  }

  async function filled(mode: FillMode, text: string, values: Record<string, string>) {
    const done = finish(mode, text);
    void rememberFillValues(settings.siteUrl, prompt.id, values);
    await done;
    close(mode);
  }

  /** Copy and Send disclose the form only for a prompt that has one. */
  const expanded = (mode: FillMode) => (template.variables.length > 0 ? filling?.mode === mode : undefined);
  return (
    <li className="prompt" data-testid="prompt">
      <h2>{prompt.title}</h2>
      <div className="meta">{meta}</div>
      <p>{prompt.description}</p>
      <div className="actions">
        <button type="button" ref={copyButton} onClick={() => void start('copy')} aria-expanded={expanded('copy')} data-testid="copy">
          {copied ? t('panel.copied') : t('panel.copy')}
        </button>
        <button type="button" ref={sendButton} onClick={() => void start('send')} aria-expanded={expanded('send')} data-testid="send">
          {t('panel.send', { service: service.name })}
        </button>
        <button type="button" ref={insertButton} onClick={() => void start('insert')} aria-expanded={expanded('insert')} data-testid="insert">
          {t('panel.insert')}
        </button>
        <a className="button" href={new URL(`/prompts/${prompt.id}`, settings.siteUrl).toString()} target="_blank" rel="noreferrer">
          {t('panel.view')}
        </a>
      </div>
      {filling && (
        <FillForm
          template={template}
          initial={filling.initial}
          mode={filling.mode}
          language={settings.language}
          t={t}
          onSubmit={(text, values) => filled(filling.mode, text, values)}
          onCancel={() => close(filling.mode)}
        />
      )}
    </li>
  );
}
