import type { EventMetadata, EventStore } from '../../../events';
import { ensureAccount } from '../../../modules/accounts';
import type { Config } from '../config';
import { accountLink, sendAccountMail } from '../mail';
import { maskEmail } from '../log';

/** What startup hands in: the app's parts this needs, not the app (app.ts imports this file). */
type AdminAccountHost = Parameters<typeof sendAccountMail>[0] & {
  config: Pick<Config, 'adminEmail' | 'publicUrl'>;
  store: EventStore;
};

/**
 * First start: if ADMIN_EMAIL is set and has no account, create it (UserRegistered) and print
 * its set-password link (also emailed / written to the outbox). Called by createApp.
 */
export async function ensureAdminAccount(app: AdminAccountHost, log: (m: string) => void): Promise<void> {
  const email = app.config.adminEmail;
  if (!email) return;
  const metadata: EventMetadata = { actor: null, requestId: 'startup', at: new Date().toISOString() };
  const created = await ensureAccount(app.store, email, 'Admin', metadata);
  if (!created) return;
  const link = accountLink(app.config.publicUrl, email, created.link.token);
  // The link carries the address (the set-password form needs it); it is the operator's own
  // ADMIN_EMAIL, printed once at first start so a server without mail can be taken over.
  log(`created the admin account ${maskEmail(email)}; set its password (link valid 24 h): ${link}`);
  await sendAccountMail(app, 'register', 'en', { email, name: 'Admin' }, link).catch((error) => log(`could not email the admin link: ${String(error)}`));
}
