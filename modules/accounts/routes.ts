import { z } from 'zod';
import { READ_MODELS, route } from '../../events/route';
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
    reads: [],
    body: registerRequest,
    summary: 'Registers and emails a set-password link; answers the same whether the address is new or registered.',
  }),
  login: route<{ user: CurrentUser | null }>()({
    method: 'POST',
    path: '/api/auth/login',
    caller: 'anyone',
    reads: ['accounts'],
    body: loginRequest,
    summary: 'Signs in with a password: a new session on every sign-in.',
  }),
  logout: route<Acknowledged>()({
    method: 'POST',
    path: '/api/auth/logout',
    caller: 'anyone',
    reads: [],
    // A JSON write like every other, so the same-origin and content checks see one kind of request.
    body: z.object({}),
    summary: 'Ends the session on the server and clears the cookie.',
  }),
  forgotPassword: route<Acknowledged>()({
    method: 'POST',
    path: '/api/auth/forgot-password',
    caller: 'anyone',
    reads: [],
    body: forgotPasswordRequest,
    summary: 'Emails a single-use reset link if the address is registered; answers identically either way.',
  }),
  setPassword: route<{ user: CurrentUser | null }>()({
    method: 'POST',
    path: '/api/auth/set-password',
    caller: 'anyone',
    reads: ['accounts'],
    body: setPasswordRequest,
    summary: 'Sets the password from an emailed link and signs in; every other session of the account ends.',
  }),
  deleteAccount: route<Acknowledged>()({
    method: 'DELETE',
    path: '/api/me',
    caller: 'web-user',
    // Every page that showed the person stops showing them before the answer.
    reads: READ_MODELS,
    body: deleteAccountRequest,
    summary:
      'Deletes the account, the password re-entered: ends every session, device and access token and forgets the person; their published prompts stay under "Deleted user".',
  }),
};
