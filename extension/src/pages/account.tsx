import { useEffect, useState } from 'react';
import { api } from '../lib/api';
import { connectLink, deviceName, hashToken, newToken } from '../lib/device';
import { save, type Stored } from '../lib/settings';
import type { T } from '../lib/i18n';
import { failureNote, Message, type Note } from './ui';

/** How often the waiting extension asks whether the user approved it on the site. */
const POLL_MS = 1500;

/**
 * Connecting: the extension makes a token, opens the site's approval page with the token's
 * hash, and asks /api/auth/me with the token until the user has approved it there.
 */
export function AccountBox({ settings, t }: { settings: Stored; t: T }) {
  const [user, setUser] = useState<{ name: string } | null>(null);
  const [code, setCode] = useState<string | null>(null);
  const [note, setNote] = useState<Note>(null);

  useEffect(() => {
    if (!settings.deviceToken) return setUser(null);
    let live = true;
    api
      .me(settings)
      .then((me) => {
        if (!live) return;
        setUser(me.user);
        // Revoked from the dashboard: forget the dead token, so the user can connect again.
        if (!me.user) void save({ deviceToken: null });
      })
      .catch((error) => live && setNote(failureNote(error, t, settings)));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- asks the site again when the token or the site changes, not when the language does
  }, [settings.deviceToken, settings.siteUrl]);

  useEffect(() => {
    const pending = settings.pendingToken;
    if (!pending) return setCode(null);
    let live = true;
    void connectLink(settings.siteUrl, pending).then((link) => live && setCode(link.code));
    const timer = setInterval(async () => {
      try {
        const me = await api.me(settings, pending);
        if (me.user && live) await save({ deviceToken: pending, pendingToken: null });
      } catch {
        // Offline for a moment while waiting: keep asking.
      }
    }, POLL_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the polling restarts only for another pending token or site
  }, [settings.pendingToken, settings.siteUrl]);

  async function connect() {
    const token = newToken();
    // The site records the request first (who asks, when): its approval page refuses a key it
    // was not told about, and one asked for more than 10 minutes ago.
    try {
      await api.requestConnection(settings, { name: deviceName(), tokenHash: await hashToken(token) });
    } catch (error) {
      return setNote(failureNote(error, t, settings));
    }
    setNote(null);
    await save({ pendingToken: token });
    const link = await connectLink(settings.siteUrl, token);
    await chrome.tabs.create({ url: link.url });
  }

  async function reopen() {
    if (settings.pendingToken) await chrome.tabs.create({ url: (await connectLink(settings.siteUrl, settings.pendingToken)).url });
  }

  async function signOut() {
    try {
      await api.signOut(settings);
    } catch {
      // Signed out locally either way; an unreachable site keeps the device listed until revoked there.
    }
    await save({ deviceToken: null });
    setUser(null);
  }

  if (settings.deviceToken && user) {
    return (
      <section className="account row" data-testid="account">
        <span>{t('connect.signedInAs', { name: user.name })}</span>
        <button type="button" onClick={signOut} data-testid="sign-out">
          {t('connect.signOut')}
        </button>
      </section>
    );
  }
  if (settings.pendingToken) {
    return (
      <section className="account" data-testid="account">
        <p style={{ margin: 0 }}>{t('connect.waiting', { code: code ?? '' })}</p>
        <span className="code" data-testid="connect-code">
          {code}
        </span>
        <div className="row">
          <button type="button" onClick={reopen}>
            {t('connect.reopen')}
          </button>
          <button type="button" onClick={() => void save({ pendingToken: null })}>
            {t('connect.cancel')}
          </button>
        </div>
      </section>
    );
  }
  return (
    <section className="account" data-testid="account">
      <h2>{t('connect.title')}</h2>
      <p className="muted" style={{ margin: 0 }}>
        {t('connect.text')}
      </p>
      <Message note={note} />
      <div>
        <button type="button" className="primary" onClick={connect} data-testid="connect">
          {t('connect.button')}
        </button>
      </div>
    </section>
  );
}
