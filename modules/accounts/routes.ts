import { z } from 'zod';
import { route } from '../../events/route';
import { deleteAccountRequest, forgotPasswordRequest, loginRequest, registerRequest, setPasswordRequest, type CurrentUser, type MeResponse } from './contracts';

/** An answer that only says it went through (the same whether or not an address is registered). */
export interface Acknowledged {
  ok: true;
  message: string;
}

/** Accounts over HTTP: registration, sign-in with a password, emailed links, the session. */
export const accountRoutes = {
  me: route<MeResponse>()({
    method: 'GET',
    path: '/api/auth/me',
    caller: 'anyone',
    device: true,
    summary: 'The signed-in user, or null; never secrets.',
  }),
  register: route<Acknowledged>()({
    method: 'POST',
    path: '/api/auth/register',
    caller: 'anyone',
    body: registerRequest,
    writtenPosition: false,
    summary: 'Registers and emails a set-password link; answers the same whether the address is new or registered.',
  }),
  login: route<{ user: CurrentUser | null }>()({
    method: 'POST',
    path: '/api/auth/login',
    caller: 'anyone',
    body: loginRequest,
    writtenPosition: false,
    summary: 'Signs in with a password: a new session on every sign-in.',
  }),
  logout: route<Acknowledged>()({
    method: 'POST',
    path: '/api/auth/logout',
    caller: 'anyone',
    // A JSON write like every other, so the same-origin and content checks see one kind of request.
    body: z.object({}),
    readYourWrites: 'none',
    writtenPosition: false,
    summary: 'Ends the session on the server and clears the cookie.',
  }),
  forgotPassword: route<Acknowledged>()({
    method: 'POST',
    path: '/api/auth/forgot-password',
    caller: 'anyone',
    body: forgotPasswordRequest,
    writtenPosition: false,
    summary: 'Emails a single-use reset link if the address is registered; answers identically either way.',
  }),
  setPassword: route<{ user: CurrentUser | null }>()({
    method: 'POST',
    path: '/api/auth/set-password',
    caller: 'anyone',
    body: setPasswordRequest,
    writtenPosition: false,
    summary: 'Sets the password from an emailed link and signs in; every other session of the account ends.',
  }),
  deleteAccount: route<Acknowledged>()({
    method: 'DELETE',
    path: '/api/me',
    caller: 'web-user',
    body: deleteAccountRequest,
    writtenPosition: false,
    summary:
      'Deletes the account, the password re-entered: ends every session, device and access token and forgets the person; their published prompts stay under "Deleted user".',
  }),
};
