import { z } from 'zod';
import { refusals } from '../../events/refusals';

export const EMAIL_MAX = 254;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;

/**
 * One limits table per account form (the maxima are ours), read by the
 * schemas below (client and server alike), the forms' inputs and their messages.
 */
export const LOGIN_LIMITS = {
  email: { max: EMAIL_MAX },
  password: { min: 1, max: PASSWORD_MAX },
} as const;
export const REGISTER_LIMITS = {
  name: { min: 2, max: 100 },
  username: { min: 3, max: 30 },
  email: { max: EMAIL_MAX },
} as const;
export const FORGOT_PASSWORD_LIMITS = { email: { max: EMAIL_MAX } } as const;
export const SET_PASSWORD_LIMITS = {
  password: { min: PASSWORD_MIN, max: PASSWORD_MAX },
  confirmPassword: { min: PASSWORD_MIN, max: PASSWORD_MAX },
  token: { min: 1, max: 200 },
} as const;

/**
 * Requests and answers of /api/auth/*, shared by the endpoints and the islands (pure: no I/O).
 * The English messages are the product's texts, word for word. Islands show a validation
 * issue's translation chosen from its code and limit (src/shared/form-messages.ts); the
 * server's refusals by their code (`ACCOUNT_REFUSALS`, src/shared/refusals.ts).
 */
export const AUTH_MESSAGES = {
  loginEmail: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  registerEmail: 'Please enter a valid email',
  nameMin: `Name must be at least ${REGISTER_LIMITS.name.min} characters`,
  usernameMin: `Username must be at least ${REGISTER_LIMITS.username.min} characters`,
  passwordMin: `Password must be at least ${SET_PASSWORD_LIMITS.password.min} characters`,
  confirmRequired: 'Please confirm your password',
  passwordsMismatch: "Passwords don't match",
  tokenRequired: 'Token is required',
  // Server-side bounds and answers with no product wording (ours):
  nameMax: `Name must not exceed ${REGISTER_LIMITS.name.max} characters`,
  usernameMax: `Username must not exceed ${REGISTER_LIMITS.username.max} characters`,
  usernameSpaces: 'Username must not contain spaces',
  usernameTaken: 'That username is already taken',
  passwordMax: `Password must not exceed ${PASSWORD_MAX} characters`,
  invalidCredentials: 'Invalid email or password',
  invalidLink: 'This link is invalid or has expired. Please request a new one.',
  rateLimited: 'Too many attempts. Please wait a few minutes and try again.',
  crossOrigin: 'Cross-origin requests are not allowed.',
  signInRequired: 'Please sign in first.',
  adminRequired: "You don't have admin permissions.",
  registered: 'Please check your email to set your password.',
  resetRequested: 'If your email is registered, you will receive instructions to reset your password.',
  loggedOut: 'You have been logged out.',
  loggedIn: 'You are now logged in.',
  wrongPassword: 'Incorrect password',
  accountDeleted: 'Your account has been deleted.',
} as const;
export type AuthMessageKey = keyof typeof AUTH_MESSAGES;

/** What accounts, sign-in and the session guards refuse, by code (texts in `refusals:accounts.*`). */
export const ACCOUNT_REFUSALS = refusals('accounts', {
  usernameTaken: { kind: 'conflict', text: AUTH_MESSAGES.usernameTaken },
  invalidCredentials: { kind: 'unauthenticated', text: AUTH_MESSAGES.invalidCredentials },
  invalidLink: { kind: 'invalid', text: AUTH_MESSAGES.invalidLink },
  wrongPassword: { kind: 'invalid', text: AUTH_MESSAGES.wrongPassword },
  notFound: { kind: 'not_found', text: 'Account not found' },
  signInRequired: { kind: 'unauthenticated', text: AUTH_MESSAGES.signInRequired },
  adminRequired: { kind: 'forbidden', text: AUTH_MESSAGES.adminRequired },
  crossOrigin: { kind: 'forbidden', text: AUTH_MESSAGES.crossOrigin },
});

/** Emails compare case-insensitively: stored and looked up trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

const email = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(REGISTER_LIMITS.email.max, message)
    .pipe(z.email({ error: message }))
    .transform(normalizeEmail);

export const loginRequest = z.object({
  email: email(AUTH_MESSAGES.loginEmail),
  password: z
    .string({ error: AUTH_MESSAGES.passwordRequired })
    .min(LOGIN_LIMITS.password.min, AUTH_MESSAGES.passwordRequired)
    .max(LOGIN_LIMITS.password.max, AUTH_MESSAGES.passwordMax),
});
export type LoginRequest = z.infer<typeof loginRequest>;

/** DELETE /api/me: the password re-entered, as the sign-in form takes it. */
export const deleteAccountRequest = loginRequest.pick({ password: true });

/**
 * Control characters (newlines, tabs, escapes) and bidi overrides: in a name they would start
 * new lines in the plain-text email ("Hi Ann\r\nBcc: …") or disguise the text around them.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point: they are stripped
const NAME_CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** A name as one line: each control character becomes a space, runs of spaces one. */
export function singleLineName(name: string): string {
  return name.replace(NAME_CONTROLS, ' ').replace(/\s+/g, ' ').trim();
}

export const registerRequest = z.object({
  name: z
    .string({ error: AUTH_MESSAGES.nameMin })
    .transform(singleLineName)
    .pipe(z.string().min(REGISTER_LIMITS.name.min, AUTH_MESSAGES.nameMin).max(REGISTER_LIMITS.name.max, AUTH_MESSAGES.nameMax)),
  /** Optional; an empty string means none. */
  username: z
    .string({ error: AUTH_MESSAGES.usernameMin })
    .trim()
    .optional()
    .nullable()
    .transform((v) => (v ? v : undefined))
    .pipe(
      z
        .string()
        .min(REGISTER_LIMITS.username.min, AUTH_MESSAGES.usernameMin)
        .max(REGISTER_LIMITS.username.max, AUTH_MESSAGES.usernameMax)
        .regex(/^\S+$/, AUTH_MESSAGES.usernameSpaces)
        .optional(),
    ),
  email: email(AUTH_MESSAGES.registerEmail),
});
export type RegisterRequest = z.infer<typeof registerRequest>;

/** Reset request: a valid email; it shares the login form's wording. */
export const forgotPasswordRequest = z.object({ email: email(AUTH_MESSAGES.loginEmail) });

const password = z
  .string({ error: AUTH_MESSAGES.passwordMin })
  .min(SET_PASSWORD_LIMITS.password.min, AUTH_MESSAGES.passwordMin)
  .max(SET_PASSWORD_LIMITS.password.max, AUTH_MESSAGES.passwordMax);

/** POST /api/auth/set-password: the form's password plus the link's email and token. */
export const setPasswordRequest = z.object({
  email: email(AUTH_MESSAGES.loginEmail),
  token: z
    .string({ error: AUTH_MESSAGES.tokenRequired })
    .trim()
    .min(SET_PASSWORD_LIMITS.token.min, AUTH_MESSAGES.tokenRequired)
    .max(SET_PASSWORD_LIMITS.token.max, AUTH_MESSAGES.invalidLink),
  password,
});
export type SetPasswordRequest = z.infer<typeof setPasswordRequest>;

/** The set-password form (client): the confirmation must match, reported on its own field. */
export const setPasswordForm = z
  .object({
    password,
    confirmPassword: z
      .string({ error: AUTH_MESSAGES.confirmRequired })
      .min(SET_PASSWORD_LIMITS.confirmPassword.min, AUTH_MESSAGES.confirmRequired)
      .max(SET_PASSWORD_LIMITS.confirmPassword.max, AUTH_MESSAGES.passwordMax),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: AUTH_MESSAGES.passwordsMismatch });

/** The signed-in user as GET /api/auth/me answers (never secrets). */
export interface CurrentUser {
  id: number;
  name: string;
  email: string;
  username: string | null;
  avatarUrl: string | null;
  isAdmin: boolean;
}
export interface MeResponse {
  user: CurrentUser | null;
}
