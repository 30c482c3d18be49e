import { useEffect, useMemo, useRef, useState } from 'react';
import { categories, categoryById, initialFillValues, parseTemplate, type PromptView } from '../../../modules/prompts/contracts';
import { api } from '../lib/api';
import { lastFillValues, rememberFillValues } from '../lib/fill-values';
import { sendFromPage } from '../lib/send';
import { chosenService, type Stored } from '../lib/settings';
import type { T } from '../lib/i18n';
import { AccountBox } from './account';
import { FillForm, type FillMode } from './fill';
import { failureNote, Logo, Message, mount, useSettings, useT, type Note } from './ui';

type Tab = 'library' | 'favorites';

function PromptItem({ prompt, settings, t, onNote }: { prompt: PromptView; settings: Stored; t: T; onNote: (n: Note) => void }) {
  const [copied, setCopied] = useState(false);
  const [filling, setFilling] = useState<{ mode: FillMode; initial: Record<string, string> } | null>(null);
  const template = useMemo(() => parseTemplate(prompt.content), [prompt.content]);
  const copyButton = useRef<HTMLButtonElement>(null);
  const sendButton = useRef<HTMLButtonElement>(null);
  const service = chosenService(settings);

  async function copy(text: string) {
    await navigator.clipboard.writeText(text);
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
    // Counted like a copy on the site; a failure here must not undo the copy.
    api.use(settings, prompt.id).catch(() => undefined);
  }

  async function send(text: string) {
    try {
      const sent = await sendFromPage(settings, text);
      if (sent.copied) onNote({ tone: 'info', text: t('send.copied', { service: service.name }) });
      api.use(settings, prompt.id).catch(() => undefined);
    } catch (error) {
      onNote(failureNote(error, t, settings));
    }
  }

  /** Without variables the content goes as it is; with them, the form opens first (kept open when switching between Copy and Send). */
  async function start(mode: FillMode) {
    if (template.variables.length === 0) return mode === 'copy' ? copy(prompt.content) : send(prompt.content);
    if (filling) return setFilling({ ...filling, mode });
    const last = await lastFillValues(settings.siteUrl, prompt.id);
    setFilling({ mode, initial: initialFillValues(template.variables, last) });
  }

  /** The form closes and focus goes back to the button that opened it, as a dialog's would. */
  function close(mode: FillMode) {
    setFilling(null);
    (mode === 'copy' ? copyButton : sendButton).current?.focus();
  }

  async function filled(mode: FillMode, text: string, values: Record<string, string>) {
    const done = mode === 'copy' ? copy(text) : send(text);
    void rememberFillValues(settings.siteUrl, prompt.id, values);
    await done;
    close(mode);
  }

  /** Copy and Send disclose the form only for a prompt that has one. */
  const expanded = (mode: FillMode) => (template.variables.length > 0 ? filling?.mode === mode : undefined);
  const category = categoryById(prompt.categoryId);
  return (
    <li className="prompt" data-testid="prompt">
      <h2>{prompt.title}</h2>
      <div className="meta">
        {t(`prompts:categories.${category.slug}`)} · {t('panel.uses', { count: prompt.usageCount })}
      </div>
      <p>{prompt.description}</p>
      <div className="actions">
        <button type="button" ref={copyButton} onClick={() => void start('copy')} aria-expanded={expanded('copy')} data-testid="copy">
          {copied ? t('panel.copied') : t('panel.copy')}
        </button>
        <button type="button" ref={sendButton} onClick={() => void start('send')} aria-expanded={expanded('send')} data-testid="send">
          {t('panel.send', { service: service.name })}
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
          t={t}
          onSubmit={(text, values) => filled(filling.mode, text, values)}
          onCancel={() => close(filling.mode)}
        />
      )}
    </li>
  );
}

function Panel() {
  const settings = useSettings();
  const t = useT(settings);
  const [tab, setTab] = useState<Tab>('library');
  const [q, setQ] = useState('');
  const [categoryId, setCategoryId] = useState(0);
  const [query, setQuery] = useState({ q: '', categoryId: 0 });
  const [prompts, setPrompts] = useState<PromptView[] | null>(null);
  const [note, setNote] = useState<Note>(null);

  useEffect(() => {
    if (!settings) return;
    let live = true;
    setPrompts(null);
    setNote(null);
    const request = tab === 'library' ? api.prompts(settings, query.q, query.categoryId) : api.favorites(settings).then((f) => f.items.map((x) => x.prompt));
    request
      .then((list) => live && setPrompts(list))
      .catch((error) => {
        if (!live) return;
        setPrompts([]);
        setNote(failureNote(error, t, settings));
      });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a language switch must not refetch the list
  }, [settings?.siteUrl, settings?.deviceToken, tab, query]);

  useEffect(() => {
    const online = () => setQuery((x) => ({ ...x }));
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, []);

  if (!settings) return null;
  const empty = tab === 'library' ? t('panel.empty') : t('panel.favoritesEmpty');
  return (
    <main>
      <header className="bar">
        <Logo title="Promptory" />
        <button type="button" onClick={() => chrome.runtime.openOptionsPage()}>
          {t('panel.settings')}
        </button>
      </header>
      <AccountBox settings={settings} t={t} />
      <div className="tabs" role="tablist">
        {(['library', 'favorites'] as Tab[]).map((id) => (
          <button key={id} type="button" role="tab" aria-selected={tab === id} onClick={() => setTab(id)} data-testid={`tab-${id}`}>
            {t(`panel.${id}`)}
          </button>
        ))}
      </div>
      {tab === 'library' && (
        <form
          className="search"
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            setQuery({ q, categoryId });
          }}
        >
          <input type="search" value={q} onChange={(e) => setQ(e.target.value)} placeholder={t('panel.search')} aria-label={t('panel.search')} />
          <button type="submit">{t('panel.searchButton')}</button>
          <select
            value={categoryId}
            aria-label={t('panel.allCategories')}
            onChange={(e) => {
              setCategoryId(Number(e.target.value));
              setQuery({ q, categoryId: Number(e.target.value) });
            }}
          >
            <option value={0}>{t('panel.allCategories')}</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {t(`prompts:categories.${c.slug}`)}
              </option>
            ))}
          </select>
        </form>
      )}
      <Message note={note} />
      {prompts === null ? (
        <p className="muted" role="status">
          {t('panel.loading')}
        </p>
      ) : prompts.length === 0 && !note ? (
        <p className="muted" data-testid="empty">
          {empty}
        </p>
      ) : (
        <ul className="prompts" aria-label={t(`panel.${tab}`)}>
          {prompts.map((p) => (
            <PromptItem key={p.id} prompt={p} settings={settings} t={t} onNote={setNote} />
          ))}
        </ul>
      )}
    </main>
  );
}

mount(<Panel />);
