import type { StoredEvent } from '../../events';
import type { Projection, Statement } from '../types';

/**
 * Users as pages and GET /api/auth/me read them. Never used for decisions (uniqueness and
 * credentials are decided from the account streams and `account_emails`). No secrets here:
 * only whether a password exists.
 */
export const accountsProjection: Projection = {
  name: 'accounts',
  // v2: AccountDeleted.
  version: 2,
  tables: ['users'],
  handles: ['UserRegistered', 'UserRenamed', 'PasswordSet', 'UserSignedIn', 'AccountDeleted'],
  ddl: `
    create table users (
      id integer primary key,
      email text not null,
      name text not null,
      username text,
      avatar_url text,
      has_password boolean not null default false,
      is_email_verified boolean not null default false,
      last_login_at timestamptz,
      created_at timestamptz not null
    );
    create index users_email on users (email);
  `,
  evolve(event: StoredEvent): Statement[] {
    switch (event.type) {
      case 'UserRegistered':
        return [
          {
            text: `insert into users (id, email, name, username, created_at) values ($1, $2, $3, $4, $5)
                   on conflict (id) do nothing`,
            params: [event.data.userId, event.data.email, event.data.name, event.data.username, event.createdAt],
          },
        ];
      case 'UserRenamed':
        return [{ text: 'update users set name = $2, username = $3 where id = $1', params: [event.data.userId, event.data.name, event.data.username] }];
      case 'PasswordSet':
        // Setting a password from an emailed link proves the address.
        return [{ text: 'update users set has_password = true, is_email_verified = true where id = $1', params: [event.data.userId] }];
      case 'UserSignedIn':
        return [
          {
            text: 'update users set last_login_at = greatest(coalesce(last_login_at, $2), $2) where id = $1',
            params: [event.data.userId, event.createdAt],
          },
        ];
      case 'AccountDeleted':
        return [{ text: 'delete from users where id = $1', params: [event.data.userId] }];
      default:
        return [];
    }
  },
};
