import { useEffect, useState } from 'react';
import { LANGUAGES, type Language } from '../../../src/i18n/languages';
import { save, services, type Stored } from '../lib/settings';
import { validServiceUrl } from '../lib/services';
import { translator } from '../lib/i18n';
import { Diagnostics } from './diagnostics';
import { Logo, Message, mount, useSettings, useT, type Note } from './ui';

const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', 'zh-HK': '繁體中文（香港）' };

function Options() {
  const settings = useSettings();
  const t = useT(settings);
  const [draft, setDraft] = useState<Stored | null>(null);
  const [note, setNote] = useState<Note>(null);
  useEffect(() => {
    if (settings && !draft) setDraft(settings);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the draft is taken once; later changes must not overwrite what the user is editing
  }, [settings]);
  if (!draft) return null;

  const update = (patch: Partial<Stored>) => setDraft({ ...draft, ...patch });
  const custom = draft.customService;

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!draft || !settings) return;
    let origin: string;
    try {
      const url = new URL(draft.siteUrl.includes('://') ? draft.siteUrl : `https://${draft.siteUrl}`);
      if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('scheme');
      origin = url.origin;
    } catch {
      return setNote({ tone: 'error', text: t('options.invalidSite') });
    }
    if (draft.serviceId === 'custom' && !validServiceUrl(custom.url)) {
      return setNote({ tone: 'error', text: t('options.invalidService') });
    }
    const changedSite = origin !== settings.siteUrl;
    if (changedSite) {
      // Another site: ask Chrome for access to that origin only (an optional host permission).
      const granted = await chrome.permissions.request({ origins: [`${origin}/*`] }).catch(() => false);
      if (!granted) return setNote({ tone: 'error', text: t('options.permissionDenied') });
    }
    // The tokens are never edited here; a token belongs to one site, so a new site means connecting again.
    const { deviceToken: _token, pendingToken: _pending, ...preferences } = draft;
    await save({ ...preferences, siteUrl: origin, ...(changedSite ? { deviceToken: null, pendingToken: null } : {}) });
    setDraft({ ...draft, siteUrl: origin });
    // Said in the language just chosen: the page itself switches to it now.
    setNote({ tone: 'ok', text: translator(draft.language)('options.saved') });
  }

  return (
    <main>
      <header className="bar">
        <Logo title={t('options.title')} />
      </header>
      <form onSubmit={submit}>
        <label htmlFor="site">{t('options.site')}</label>
        <input id="site" type="url" value={draft.siteUrl} onChange={(e) => update({ siteUrl: e.target.value })} />
        <div className="muted small">{t('options.siteHelp')}</div>

        <label htmlFor="service">{t('options.service')}</label>
        <select id="service" value={draft.serviceId} onChange={(e) => update({ serviceId: e.target.value })}>
          {services(draft).map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
        {draft.serviceId === 'custom' && (
          <fieldset style={{ border: 'none', padding: 0, margin: 0 }}>
            <label htmlFor="custom-name">{t('options.customName')}</label>
            <input id="custom-name" value={custom.name} onChange={(e) => update({ customService: { ...custom, name: e.target.value } })} />
            <label htmlFor="custom-url">{t('options.customUrl')}</label>
            <input id="custom-url" value={custom.url} onChange={(e) => update({ customService: { ...custom, url: e.target.value } })} />
            <div className="muted small">{t('options.customUrlHelp')}</div>
          </fieldset>
        )}
        <label className="check">
          <input type="checkbox" checked={draft.includePageUrl} onChange={(e) => update({ includePageUrl: e.target.checked })} />
          {t('options.includeUrl')}
        </label>

        <label htmlFor="language">{t('options.language')}</label>
        <select id="language" value={draft.language} onChange={(e) => update({ language: e.target.value as Language })}>
          {LANGUAGES.map((l) => (
            <option key={l} value={l}>
              {LANGUAGE_NAMES[l]}
            </option>
          ))}
        </select>
        <Message note={note} />
        <p>
          <button type="submit" className="primary">
            {t('options.save')}
          </button>
        </p>
      </form>
      <Diagnostics t={t} />
    </main>
  );
}

mount(<Options />);
