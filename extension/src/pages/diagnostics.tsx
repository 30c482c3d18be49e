import { useEffect, useState } from 'react';
import { CHAT_SITES } from '../lib/chat-sites';
import { DIAGNOSTICS_KEY, type Diagnostic } from '../lib/messages';
import type { T } from '../lib/strings';

/**
 * The chat boxes the extension could not write into (kept by the worker in the browser's own
 * storage; nothing is sent anywhere): which site, which selector, when. A site listed here has
 * likely changed its design: docs/extension.md says how to fix its row of the site table.
 */
export function Diagnostics({ t }: { t: T }) {
  const [entries, setEntries] = useState<Diagnostic[]>([]);
  useEffect(() => {
    const read = () => void chrome.storage.local.get(DIAGNOSTICS_KEY).then((stored) => setEntries((stored[DIAGNOSTICS_KEY] as Diagnostic[] | undefined) ?? []));
    read();
    const changed = (changes: Record<string, unknown>) => DIAGNOSTICS_KEY in changes && read();
    chrome.storage.onChanged.addListener(changed);
    return () => chrome.storage.onChanged.removeListener(changed);
  }, []);
  const siteName = (id: string) => CHAT_SITES.find((s) => s.id === id)?.name ?? id;
  return (
    <section aria-labelledby="diagnostics-title" data-testid="diagnostics">
      <h2 id="diagnostics-title">{t('options.diagnostics')}</h2>
      <p className="muted small">{t('options.diagnosticsIntro')}</p>
      {entries.length === 0 ? (
        <p className="muted">{t('options.diagnosticsEmpty')}</p>
      ) : (
        <>
          <ul>
            {entries.map((entry) => (
              <li key={entry.at + entry.site} data-testid="diagnostic">
                <time dateTime={entry.at}>{new Date(entry.at).toLocaleString()}</time> · {siteName(entry.site)}:{' '}
                {entry.reason === 'no-composer' || !entry.selector
                  ? t('options.diagnosticsNoComposer')
                  : t('options.diagnosticsNotInserted', { selector: entry.selector })}
              </li>
            ))}
          </ul>
          <button type="button" onClick={() => void chrome.storage.local.remove(DIAGNOSTICS_KEY)}>
            {t('options.diagnosticsClear')}
          </button>
        </>
      )}
    </section>
  );
}
