import { fold, type Sql, type StoreTx } from '../../events';
import { accountDecider, accountStream, type AccountState } from './domain/account';

/**
 * What the accounts module reads and never writes: its side tables and its streams. Commands
 * call these inside their transaction (`tx` is an `Sql` too); pages and endpoints outside one.
 */

type StreamReader = Pick<StoreTx, 'readStream'>;

/** The account's stream folded (`exists` false for an id that has none). */
export async function readAccount(reader: StreamReader, userId: number): Promise<AccountState> {
  return fold(accountDecider, await reader.readStream(accountStream(userId)));
}

/** The account as its own stream says (the fallback when the read model lags). */
export async function loadAccount(reader: StreamReader, userId: number): Promise<AccountState | null> {
  const state = await readAccount(reader, userId);
  return state.exists ? state : null;
}

/** The account's id by (normalized) email, from the table written with UserRegistered. */
export async function findUserIdByEmail(sql: Sql, email: string): Promise<number | null> {
  const [row] = await sql.query<{ user_id: number }>('select user_id from account_emails where email = $1', [email]);
  return row?.user_id ?? null;
}

/** The account's current password hash (never in the log), or null. */
export async function passwordHashOf(sql: Sql, userId: number): Promise<string | null> {
  const [row] = await sql.query<{ hash: string }>('select hash from account_passwords where user_id = $1', [userId]);
  return row?.hash ?? null;
}

/** Whether `username` belongs to an account that has set its password (a finished registration). */
export async function usernameHolderHasPassword(tx: StoreTx, username: string): Promise<boolean> {
  const [holder] = await tx.query<{ user_id: number }>('select user_id from account_usernames where username = $1', [username.toLowerCase()]);
  if (!holder) return false;
  return (await readAccount(tx, holder.user_id)).hasPassword;
}
