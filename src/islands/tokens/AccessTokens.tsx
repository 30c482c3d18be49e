import { useEffect, useId, useState, type FormEvent } from 'react';
import { createTokenRequest, TOKEN_LIFETIMES_DAYS, type AccessTokenView, type CreatedTokenView, type TokenScope } from '../../../modules/tokens/contracts';
import { copyText } from '../../client/clipboard';
import { api, failureText } from '../../client/http';
import { useT, withStrings } from '../../client/strings';
import * as routes from '../../shared/api-routes.generated';
import type { ScopeOf } from '../../shared/string-specs';
import type { Strings } from '../../shared/strings';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { FieldError } from '../../ui/FieldError';
import { Input } from '../../ui/Input';
import { Label } from '../../ui/Label';
import { RevocableList, type ListNote } from '../../ui/RevocableList';
import { Select } from '../../ui/Select';

interface Props {
  strings: Strings<ScopeOf<'accessTokens'>>;
  tokens: AccessTokenView[];
  /** Where AI tools connect: PUBLIC_URL's /mcp. */
  mcpUrl: string;
}

/**
 * The dashboard's personal access tokens: create one (name, access, lifetime), see it once
 * with a copy button, and revoke any after a confirm. Rendered on the server with the list;
 * the controls work once hydrated (the token can only be shown by this island).
 */
export default withStrings(AccessTokens);

const SCOPE_LABELS = { read: 'tokens.scopeRead', 'read-write': 'tokens.scopeReadWrite', publish: 'tokens.scopePublish' } as const satisfies Record<
  TokenScope,
  string
>;

function AccessTokens({ strings: { lng }, tokens: initial, mcpUrl }: Props) {
  const t = useT<ScopeOf<'accessTokens'>>();
  const ids = { name: useId(), nameError: useId(), scope: useId(), expires: useId() };
  const [tokens, setTokens] = useState(initial);
  const [name, setName] = useState('');
  const [scope, setScope] = useState<TokenScope>('read');
  const [days, setDays] = useState<(typeof TOKEN_LIFETIMES_DAYS)[number]>(90);
  const [nameError, setNameError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<CreatedTokenView | null>(null);
  const [copied, setCopied] = useState(false);
  const [confirming, setConfirming] = useState<AccessTokenView | null>(null);
  const [note, setNote] = useState<ListNote | null>(null);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const date = (iso: string) => new Date(iso).toLocaleDateString(lng, { year: 'numeric', month: 'short', day: 'numeric' });
  const failed = (e: unknown) => setNote({ tone: 'error', text: t('tokens.failed', { message: failureText(t, e, String(e)) }) });

  async function create(event: FormEvent) {
    event.preventDefault();
    const parsed = createTokenRequest.safeParse({ name, scope, expiresInDays: days });
    if (!parsed.success) return setNameError(t('tokens.nameError'));
    setNameError(null);
    setBusy(true);
    try {
      const token = await api(routes.createAccessToken, { body: parsed.data });
      const { token: _secret, ...view } = token;
      setTokens((list) => [view, ...list]);
      setCreated(token);
      setCopied(false);
      setName('');
      setNote(null);
    } catch (e) {
      failed(e);
    } finally {
      setBusy(false);
    }
  }

  async function revoke(token: AccessTokenView) {
    setConfirming(null);
    try {
      await api(routes.revokeAccessToken, { params: { id: token.id } });
      setTokens((list) => list.filter((x) => x.id !== token.id));
      setNote({ tone: 'ok', text: t('tokens.revoked') });
    } catch (e) {
      failed(e);
    }
  }

  return (
    <div data-testid="access-tokens">
      <p className="mb-4 text-sm text-muted-foreground">{t('tokens.intro', { url: mcpUrl })}</p>
      <form onSubmit={create} className="mb-6 grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-end" noValidate>
        <div className="space-y-1.5">
          <Label htmlFor={ids.name}>{t('tokens.name')}</Label>
          <Input
            id={ids.name}
            value={name}
            maxLength={60}
            placeholder={t('tokens.namePlaceholder')}
            onChange={(e) => setName(e.target.value)}
            invalid={nameError !== null}
            aria-describedby={nameError ? ids.nameError : undefined}
            data-testid="token-name"
          />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={ids.scope}>{t('tokens.scope')}</Label>
          <Select id={ids.scope} value={scope} onChange={(e) => setScope(e.target.value as TokenScope)} data-testid="token-scope">
            <option value="read">{t('tokens.scopeRead')}</option>
            <option value="read-write">{t('tokens.scopeReadWrite')}</option>
            <option value="publish">{t('tokens.scopePublish')}</option>
          </Select>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={ids.expires}>{t('tokens.expires')}</Label>
          <Select id={ids.expires} value={days} onChange={(e) => setDays(Number(e.target.value) as typeof days)} data-testid="token-expires">
            {TOKEN_LIFETIMES_DAYS.map((d) => (
              <option key={d} value={d}>
                {t('tokens.days', { count: d })}
              </option>
            ))}
          </Select>
        </div>
        <Button type="submit" variant="primary" disabled={!hydrated || busy} aria-busy={busy || undefined} data-testid="token-create">
          {busy ? t('tokens.creating') : t('tokens.create')}
        </Button>
        {nameError && (
          <FieldError id={ids.nameError} className="sm:col-span-4">
            {nameError}
          </FieldError>
        )}
      </form>
      <RevocableList
        items={tokens}
        note={note}
        empty={t('tokens.empty')}
        details={(token) => (
          <>
            <div className="font-medium break-words">
              {token.name}{' '}
              <span className="ml-1 inline-block rounded bg-muted px-1.5 whitespace-nowrap py-0.5 text-xs font-normal text-muted-foreground">
                {t(SCOPE_LABELS[token.scope])}
              </span>
            </div>
            <div className="text-sm text-muted-foreground">
              {t('tokens.created', { date: date(token.createdAt) })} · {t('tokens.expiresOn', { date: date(token.expiresAt) })} ·{' '}
              {token.lastUsedAt ? t('tokens.lastUsed', { date: date(token.lastUsedAt) }) : t('tokens.neverUsed')}
            </div>
          </>
        )}
        revokeLabel={t('tokens.revoke')}
        onRevoke={setConfirming}
        hydrated={hydrated}
        testIds={{ row: 'access-token', revoke: 'token-revoke' }}
      />
      <Dialog open={created !== null} onClose={() => setCreated(null)} title={t('tokens.newTitle')} closeLabel={t('tokens.done')}>
        <p className="mb-3 text-sm">{t('tokens.newHelp')}</p>
        <code className="mb-4 block rounded-md bg-muted p-3 font-mono text-sm break-all" data-testid="token-value">
          {created?.token}
        </code>
        <div className="flex flex-wrap gap-2">
          <Button variant="primary" data-testid="token-copy" onClick={() => created && copyText(created.token).then(() => setCopied(true), failed)}>
            {copied ? t('tokens.copied') : t('tokens.copy')}
          </Button>
          <Button variant="outline" onClick={() => setCreated(null)}>
            {t('tokens.done')}
          </Button>
        </div>
      </Dialog>
      <Dialog open={confirming !== null} onClose={() => setConfirming(null)} title={t('tokens.revoke')} closeLabel={t('tokens.cancel')}>
        <p className="mb-5 text-sm">{confirming && t('tokens.revokeConfirm', { name: confirming.name })}</p>
        <div className="flex flex-wrap gap-2">
          <Button variant="primary" onClick={() => confirming && revoke(confirming)} data-testid="token-revoke-confirm">
            {t('tokens.revoke')}
          </Button>
          <Button variant="outline" onClick={() => setConfirming(null)}>
            {t('tokens.cancel')}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
