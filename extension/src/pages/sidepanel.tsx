import { useEffect, useRef, useState } from 'react';
import { categories, categoryById, type PromptStatusName, type PromptView } from '../../../modules/prompts/contracts';
import { api } from '../lib/api';
import type { Stored } from '../lib/settings';
import type { T } from '../lib/i18n';
import { AccountBox } from './account';
import { PromptItem, type ItemPrompt } from './prompt-item';
import { failureNote, Logo, Message, mount, useSettings, useT, type Note } from './ui';

const TABS = ['library', 'favorites', 'mine'] as const;
type Tab = (typeof TABS)[number];
/** What a list shows of a prompt: a public one's uses, or the user's own one's status. */
type Row = { prompt: ItemPrompt & { categoryId: number }; usageCount?: number; status?: PromptStatusName };
interface Query {
  q: string;
  categoryId: number;
}
/** Favourites and My Prompts a page at a time (the site's paging, Load more); the library is one answer. */
const PAGE_SIZE = 20;

const publicRow = (prompt: PromptView): Row => ({ prompt, usageCount: prompt.usageCount });

/** One page of a tab's list; `next` asks for the following page (null: the end). */
async function fetchRows(settings: Stored, tab: Tab, query: Query, cursor?: number): Promise<{ rows: Row[]; next: number | null }> {
  if (tab === 'library') return { rows: (await api.prompts(settings, query.q, query.categoryId)).map(publicRow), next: null };
  if (tab === 'favorites') {
    const page = await api.favorites(settings, { cursor, limit: PAGE_SIZE });
    return { rows: page.items.map((f) => publicRow(f.prompt)), next: page.nextCursor };
  }
  const page = await api.mine(settings, { q: query.q, cursor, limit: PAGE_SIZE });
  return { rows: page.items.map((prompt) => ({ prompt, status: prompt.status })), next: page.nextCursor };
}

function Meta({ row, t }: { row: Row; t: T }) {
  const category = t(`prompts:categories.${categoryById(row.prompt.categoryId).slug}`);
  if (!row.status) return <>{`${category} · ${t('panel.uses', { count: row.usageCount ?? 0 })}`}</>;
  return (
    <>
      {category} ·{' '}
      <span className={`status ${row.status}`} data-testid="status" data-status={row.status}>
        {t(`panel.status.${row.status}`)}
      </span>
    </>
  );
}

function Panel() {
  const settings = useSettings();
  const t = useT(settings);
  const [tab, setTab] = useState<Tab>('library');
  const [q, setQ] = useState('');
  const [categoryId, setCategoryId] = useState(0);
  const [query, setQuery] = useState<Query>({ q: '', categoryId: 0 });
  const [rows, setRows] = useState<Row[] | null>(null);
  const [next, setNext] = useState<number | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [note, setNote] = useState<Note>(null);
  /** The list's generation: an answer for an older tab or query is dropped. */
  const generation = useRef(0);

  useEffect(() => {
    if (!settings) return;
    const mine = ++generation.current;
    setRows(null);
    setNext(null);
    setNote(null);
    fetchRows(settings, tab, query)
      .then((page) => {
        if (mine !== generation.current) return;
        setRows(page.rows);
        setNext(page.next);
      })
      .catch((error) => {
        if (mine !== generation.current) return;
        setRows([]);
        setNote(failureNote(error, t, settings));
      });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a language switch must not refetch the list
  }, [settings?.siteUrl, settings?.deviceToken, tab, query]);

  useEffect(() => {
    const online = () => setQuery((x) => ({ ...x }));
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, []);

  if (!settings) return null;

  /** The next page, appended: the list keeps its place (and any open fill-in form). */
  async function loadMore() {
    if (!settings || next === null) return;
    const mine = generation.current;
    setLoadingMore(true);
    try {
      const page = await fetchRows(settings, tab, query, next);
      if (mine !== generation.current) return;
      setRows((all) => [...(all ?? []), ...page.rows]);
      setNext(page.next);
    } catch (error) {
      if (mine === generation.current) setNote(failureNote(error, t, settings));
    } finally {
      setLoadingMore(false);
    }
  }

  /** A new tab starts from its whole list, as the site's tabs do. */
  function switchTo(id: Tab) {
    setTab(id);
    setQ('');
    setCategoryId(0);
    setQuery({ q: '', categoryId: 0 });
  }

  const empty =
    tab === 'library' ? t('panel.empty') : tab === 'favorites' ? t('panel.favoritesEmpty') : query.q ? t('panel.mineNoMatch') : t('panel.mineEmpty');
  const searchLabel = tab === 'mine' ? t('panel.mineSearch') : t('panel.search');
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
        {TABS.map((id) => (
          <button key={id} type="button" role="tab" aria-selected={tab === id} onClick={() => switchTo(id)} data-testid={`tab-${id}`}>
            {t(`panel.${id}`)}
          </button>
        ))}
      </div>
      {tab !== 'favorites' && (
        <form
          className="search"
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            setQuery({ q: q.trim(), categoryId });
          }}
        >
          <input type="search" value={q} maxLength={100} onChange={(e) => setQ(e.target.value)} placeholder={searchLabel} aria-label={searchLabel} />
          <button type="submit">{t('panel.searchButton')}</button>
          {tab === 'library' && (
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
          )}
        </form>
      )}
      <Message note={note} />
      {rows === null ? (
        <p className="muted" role="status">
          {t('panel.loading')}
        </p>
      ) : rows.length === 0 && !note ? (
        <p className="muted" data-testid="empty">
          {empty}
        </p>
      ) : (
        <ul className="prompts" aria-label={t(`panel.${tab}`)}>
          {rows.map((row) => (
            <PromptItem
              key={row.prompt.id}
              prompt={row.prompt}
              meta={<Meta row={row} t={t} />}
              counted={row.status === undefined || row.status === 'approved'}
              settings={settings}
              t={t}
              onNote={setNote}
            />
          ))}
        </ul>
      )}
      {next !== null && (
        <p className="more">
          <button type="button" onClick={() => void loadMore()} disabled={loadingMore} aria-busy={loadingMore || undefined} data-testid="load-more">
            {loadingMore ? t('panel.loadingMore') : t('panel.loadMore')}
          </button>
        </p>
      )}
    </main>
  );
}

mount(<Panel />);
