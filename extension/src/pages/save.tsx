import { useEffect, useState } from 'react';
import { categories, CREATE_PAGE_LIMITS, createPageSchema, DUPLICATE_NOTE_MAX, type DuplicateMatch, type Visibility } from '../../../modules/prompts/contracts';
import { firstIssueByField } from '../../../src/shared/form-messages';
import { api } from '../lib/api';
import { issueMessage } from '../lib/i18n';
import { AccountBox } from './account';
import { failureNote, Logo, Message, mount, useSettings, useT, type Note } from './ui';

/** The create page's rules, with a real category required. */
const saveSchema = createPageSchema
  .omit({ authorName: true })
  .extend({ categoryId: createPageSchema.shape.categoryId.refine((id) => categories.some((c) => c.id === id), 'Please select a category.') });

type Fields = { title: string; description: string; content: string; categoryId: string; visibility: Visibility };
type Errors = Partial<Record<keyof Fields, string>>;
/** Private first, and chosen: a user saving a selection is keeping it for themselves. */
const CHOICES: readonly Visibility[] = ['private', 'public'];

function SaveForm() {
  const settings = useSettings();
  const t = useT(settings);
  const [fields, setFields] = useState<Fields>({ title: '', description: '', content: '', categoryId: '', visibility: 'private' });
  const [errors, setErrors] = useState<Errors>({});
  const [note, setNote] = useState<Note>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  // The near-duplicates shown for this title and content: submitting them again goes ahead.
  const [duplicates, setDuplicates] = useState<{ key: string; matches: DuplicateMatch[] } | null>(null);
  const [duplicateNote, setDuplicateNote] = useState('');

  useEffect(() => {
    const key = `draft:${location.hash.slice(1)}`;
    void chrome.storage.session.get(key).then((stored) => {
      const draft = stored[key] as { text: string } | undefined;
      if (draft) setFields((f) => ({ ...f, content: draft.text, title: draft.text.split(/\s+/).slice(0, 8).join(' ').slice(0, CREATE_PAGE_LIMITS.title.max) }));
    });
  }, []);

  if (!settings) return null;
  const set = (name: keyof Fields) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
    setFields((f) => ({ ...f, [name]: e.target.value }));

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!settings) return;
    const parsed = saveSchema.safeParse({ ...fields, categoryId: fields.categoryId === '' ? undefined : Number(fields.categoryId) });
    if (!parsed.success) {
      setErrors(Object.fromEntries(Object.entries(firstIssueByField(parsed.error.issues)).map(([field, issue]) => [field, issueMessage(t, issue)])));
      return;
    }
    setErrors({});
    setBusy(true);
    setNote(null);
    try {
      const key = `${parsed.data.title}\n${parsed.data.content}`;
      if (parsed.data.visibility === 'public' && duplicates?.key !== key) {
        // A failed check never blocks the submission: the site finds the duplicates again for the admin.
        const { matches } = await api.duplicates(settings, parsed.data).catch(() => ({ matches: [] as DuplicateMatch[] }));
        if (matches.length) {
          setDuplicates({ key, matches });
          return;
        }
      }
      await api.submit(settings, { ...parsed.data, duplicateNote: duplicateNote.trim() || undefined });
      setDone(true);
      setNote({ tone: 'ok', text: t(parsed.data.visibility === 'private' ? 'save.donePrivate' : 'save.done', { title: parsed.data.title }) });
      await chrome.storage.session.remove(`draft:${location.hash.slice(1)}`);
    } catch (error) {
      setNote(failureNote(error, t, settings));
    } finally {
      setBusy(false);
    }
  }

  const field = (name: keyof Fields, label: string, input: React.ReactElement) => (
    <div>
      <label htmlFor={name}>{label}</label>
      {input}
      {errors[name] && (
        <div className="field-error" id={`${name}-error`}>
          {errors[name]}
        </div>
      )}
    </div>
  );
  const shown = duplicates && duplicates.key === `${fields.title.trim()}\n${fields.content.trim()}` && fields.visibility === 'public' ? duplicates.matches : [];
  const aria = (name: keyof Fields) => ({
    id: name,
    name,
    'aria-invalid': Boolean(errors[name]),
    'aria-describedby': errors[name] ? `${name}-error` : undefined,
  });

  return (
    <main>
      <header className="bar">
        <Logo title={t('save.title')} />
      </header>
      <p className="muted small">{t('save.intro')}</p>
      {!settings.deviceToken && <Message note={{ tone: 'error', text: t('errors.signedOut') }} />}
      {!settings.deviceToken && <AccountBox settings={settings} t={t} />}
      <Message note={note} />
      {done ? (
        <button type="button" onClick={() => window.close()}>
          {t('save.close')}
        </button>
      ) : (
        <form onSubmit={submit} noValidate>
          {field(
            'title',
            t('save.titleLabel'),
            <input {...aria('title')} value={fields.title} onChange={set('title')} maxLength={CREATE_PAGE_LIMITS.title.max} />,
          )}
          {field(
            'categoryId',
            t('save.categoryLabel'),
            <select {...aria('categoryId')} value={fields.categoryId} onChange={set('categoryId')}>
              <option value="">{t('save.selectCategory')}</option>
              {categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {t(`prompts:categories.${c.slug}`)}
                </option>
              ))}
            </select>,
          )}
          {field(
            'description',
            t('save.descriptionLabel'),
            <textarea
              {...aria('description')}
              value={fields.description}
              onChange={set('description')}
              maxLength={CREATE_PAGE_LIMITS.description.max}
              rows={3}
            />,
          )}
          {field(
            'content',
            t('save.contentLabel'),
            <textarea {...aria('content')} value={fields.content} onChange={set('content')} maxLength={CREATE_PAGE_LIMITS.content.max} rows={8} />,
          )}
          <fieldset className="visibility" data-testid="visibility">
            <legend>{t('save.visibility')}</legend>
            {CHOICES.map((choice) => (
              // The hint describes the radio (aria-describedby) without being part of its name.
              <div key={choice} className="choice">
                <label>
                  <input
                    type="radio"
                    name="visibility"
                    value={choice}
                    checked={fields.visibility === choice}
                    onChange={set('visibility')}
                    aria-describedby={`${choice}-hint`}
                    data-testid={`visibility-${choice}`}
                  />
                  {t(`save.${choice}`)}
                </label>
                <span className="muted small" id={`${choice}-hint`}>
                  {t(`save.${choice}Hint`)}
                </span>
              </div>
            ))}
          </fieldset>
          {shown.length > 0 && (
            <section className="duplicates" role="status" data-testid="possible-duplicates">
              <strong>{t('save.duplicatesTitle')}</strong>
              <p className="muted small">{t('save.duplicatesText')}</p>
              <ul>
                {shown.map((m, i) => (
                  <li key={m.id ?? `waiting-${i}`} data-testid="duplicate-match">
                    {m.id !== null ? (
                      <a href={`${settings.siteUrl}/prompts/${m.id}`} target="_blank" rel="noopener noreferrer">
                        {m.title}
                      </a>
                    ) : (
                      t('save.duplicateWaiting')
                    )}{' '}
                    <span className="muted small">{t('save.duplicateSimilar', { percent: Math.round(m.similarity * 100) })}</span>
                  </li>
                ))}
              </ul>
              <label htmlFor="duplicateNote">{t('save.duplicateNote')}</label>
              <textarea id="duplicateNote" value={duplicateNote} onChange={(e) => setDuplicateNote(e.target.value)} maxLength={DUPLICATE_NOTE_MAX} rows={2} />
            </section>
          )}
          <p>
            <button type="submit" className="primary" disabled={busy} data-testid="save-submit">
              {busy ? t('save.saving') : fields.visibility === 'private' ? t('save.savePrivate') : shown.length ? t('save.submitAnyway') : t('save.submit')}
            </button>
          </p>
        </form>
      )}
    </main>
  );
}

mount(<SaveForm />);
