import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../modules/accounts';
import { submitPrompt } from '../../modules/prompts';
import { EXTENSION_ORIGIN } from '../../modules/devices/contracts';
import { createApp } from '../../src/server/app';
import { allRoutes, routes } from '../../src/shared/api-routes';
import { backends, settleAll } from '../support/backends';
import { connectTestDevice } from '../support/devices';
import { hasBuild, startServer, testPort } from '../support/server';
import { Browser, installApp, signUpAs } from '../support/test-app';

/**
 * The authorization matrix: one row for every declared API route and every page that reads the
 * session, one column for each kind of caller, each cell the status that caller must get.
 *
 *   visitor  no session
 *   user     a signed-in member naming public things (a published prompt, a public collection) or nothing of anyone's
 *   owner    the member who owns what the request names (a pending prompt, a private collection, a bookmark, a device)
 *   other    another signed-in member naming the owner's things
 *   admin    the ADMIN_EMAIL account naming the owner's things
 *   device   the owner's extension, with its bearer token, naming the owner's things
 *
 * Two more columns are not written in the rows but derived, because the rule is one line: the
 * owner's personal access tokens, sent as a script or an AI tool sends them (no
 * cookie, no Origin). A read-write token gets what the device gets (a token's scope is the
 * device's); a read token the same on GETs, and 403 on every write the device may make.
 *
 * A route or a session-reading page without a row fails the test, so a new endpoint cannot ship
 * without someone deciding who may call it. Every refused call (4xx) appends nothing. API routes
 * run through the real middlewares and endpoints in-process; pages through the production build.
 */
type Who = 'visitor' | 'user' | 'owner' | 'other' | 'admin' | 'device' | 'token' | 'readToken';
/** The columns each row's `expect` lists. */
const stated: Who[] = ['visitor', 'user', 'owner', 'other', 'admin', 'device'];
const columns: Who[] = [...stated, 'token', 'readToken'];
/** Walk order: refusals first and the owner last, so the others meet the owner's things in place. */
const walkOrder: Who[] = ['visitor', 'device', 'token', 'readToken', 'other', 'user', 'admin', 'owner'];

type Ids = Record<string, number>;
interface Input {
  params?: Record<string, string | number>;
  body?: unknown;
  query?: string;
}
interface Row {
  /** Statuses in column order: visitor user owner other admin device. */
  expect: string;
  /** What the owner, the other member, the admin and the device name (default: nothing). */
  input?: (ids: Ids, who: Who) => Input;
  /** What the plain signed-in user names, when it differs (the visitor names the owner's things). */
  publicInput?: (ids: Ids) => Input;
}

/** Which of the owner's two copies a caller names: the admin gets its own, so its success leaves the owner's in place. */
const mine = (ids: Ids, who: Who, name: string) => (who === 'admin' ? ids[`${name}B`] : ids[`${name}A`]);

const api: Record<string, Row> = {
  'GET /api/auth/me': { expect: '200 200 200 200 200 200' },
  // Empty bodies: the guard lets everyone through to validation (400), which changes nothing.
  'POST /api/auth/register': { expect: '400 400 400 400 400 403' },
  'POST /api/auth/login': { expect: '400 400 400 400 400 403' },
  'POST /api/auth/forgot-password': { expect: '400 400 400 400 400 403' },
  'POST /api/auth/set-password': { expect: '400 400 400 400 400 403' },
  'GET /api/categories': { expect: '200 200 200 200 200 200' },
  'GET /api/prompts': { expect: '200 200 200 200 200 200' },
  'GET /api/prompts/featured': { expect: '200 200 200 200 200 200' },
  'GET /api/prompts/editors-pick': { expect: '200 200 200 200 200 200' },
  // A pending prompt is its author's (and their extension's) and the admin's to read, nobody else's.
  'GET /api/prompts/{id}': {
    expect: '404 200 200 404 200 200',
    input: (ids, who) => ({ params: { id: mine(ids, who, 'prompt') } }),
    publicInput: () => ({ params: { id: 1 } }),
  },
  'POST /api/prompts': { expect: '401 400 400 400 400 400', input: () => ({ body: {} }) },
  // A private prompt is its author's alone: anyone else (the admin included) is told it does not exist.
  'POST /api/prompts/{id}/submit': {
    expect: '401 404 200 404 404 403',
    input: (ids, who) => ({ params: { id: mine(ids, who, 'private') } }),
    publicInput: () => ({ params: { id: 1 } }),
  },
  // Anyone signed in (and their extension) may ask before submitting; it reads, so it changes nothing.
  'POST /api/prompts/duplicates': {
    expect: '401 200 200 200 200 200',
    input: () => ({ body: { title: 'Owner draft', content: 'Write a haiku about queues.' } }),
  },
  // Only the author sends their rejected, since edited, prompt back to review; anyone else is told it does not exist.
  'POST /api/prompts/{id}/resubmit': {
    expect: '401 404 200 404 404 403',
    input: (ids, who) => ({ params: { id: mine(ids, who, 'resubmit') } }),
    publicInput: () => ({ params: { id: 1 } }),
  },
  'PUT /api/prompts/{id}/use': {
    expect: '404 200 404 404 404 404',
    input: (ids, who) => ({ params: { id: mine(ids, who, 'prompt') } }),
    publicInput: () => ({ params: { id: 2 } }),
  },
  // Editing: the author, and the admin unless private; anyone else is told it does not exist.
  'PATCH /api/prompts/{id}': {
    expect: '401 404 200 404 200 403',
    input: (ids, who) => ({ params: { id: mine(ids, who, 'prompt') }, body: { title: 'Owner draft, edited' } }),
    publicInput: () => ({ params: { id: 1 }, body: { title: 'Someone else edits' } }),
  },
  // Versions are read as the prompt is: a pending one by its author (and their extension) and the admin.
  'GET /api/prompts/{id}/versions': {
    expect: '404 200 200 404 200 200',
    input: (ids, who) => ({ params: { id: mine(ids, who, 'prompt') } }),
    publicInput: () => ({ params: { id: 1 } }),
  },
  'POST /api/prompts/{id}/versions/{version}/restore': {
    expect: '401 404 200 404 200 403',
    input: (ids, who) => ({ params: { id: mine(ids, who, 'prompt'), version: 1 }, body: {} }),
    publicInput: () => ({ params: { id: 1, version: 1 }, body: {} }),
  },
  // Deleting is the author's alone (the admin included, anyone else is told it does not exist); the extension may not.
  'POST /api/prompts/{id}/delete': {
    expect: '401 404 200 404 404 403',
    input: (ids, who) => ({ params: { id: mine(ids, who, 'deletable') } }),
    publicInput: () => ({ params: { id: 1 } }),
  },
  'POST /api/prompts/{id}/undelete': {
    expect: '401 404 200 404 404 403',
    input: (ids, who) => ({ params: { id: mine(ids, who, 'deleted') } }),
    publicInput: () => ({ params: { id: 1 } }),
  },
  // Anyone signed in (and their extension) saves a copy of a public prompt; a visitor is asked to sign in.
  'POST /api/prompts/{id}/copy': { expect: '401 201 201 201 201 201', input: () => ({ params: { id: 1 } }) },
  // Whether the caller wrote it, of a prompt they may see: a pending one is its author's and the admin's to ask about.
  'GET /api/prompts/{id}/ownership': {
    expect: '401 200 200 404 200 200',
    input: (ids, who) => ({ params: { id: mine(ids, who, 'prompt') } }),
    publicInput: () => ({ params: { id: 1 } }),
  },
  // A download is read as the page is: a private prompt by its author alone; a public one by anyone (not a device).
  'GET /api/prompts/{id}/download': {
    expect: '404 200 200 404 404 403',
    input: (ids, who) => ({ params: { id: mine(ids, who, 'private') } }),
    publicInput: () => ({ params: { id: 1 } }),
  },
  // Each caller's own Recently deleted (read-only, so the extension may ask too).
  'GET /api/prompts/deleted': { expect: '401 200 200 200 200 200' },
  'GET /api/admin/revisions': { expect: '401 403 403 403 200 403' },
  'PUT /api/admin/prompts/{id}/revisions/{version}/review': {
    expect: '401 403 403 403 200 403',
    input: (ids, who) => ({ params: { id: mine(ids, who, 'revision'), version: 2 }, body: { isApproved: true } }),
  },
  // Each caller's own prompts (the extension's My Prompts tab): never anyone else's.
  'GET /api/prompts/my': { expect: '401 200 200 200 200 200' },
  // Tags are their owner's alone, on their own prompts (the admin included, anyone else is told the prompt does not exist).
  'GET /api/me/tags': { expect: '401 200 200 200 200 200' },
  'GET /api/prompts/{id}/tags': {
    expect: '401 404 200 404 404 403',
    input: (ids, who) => ({ params: { id: mine(ids, who, 'prompt') } }),
    publicInput: () => ({ params: { id: 1 } }),
  },
  'PUT /api/prompts/{id}/tags': {
    expect: '401 404 200 404 404 403',
    input: (ids, who) => ({ params: { id: mine(ids, who, 'prompt') }, body: { tags: ['matrix'] } }),
    publicInput: () => ({ params: { id: 1 }, body: { tags: ['matrix'] } }),
  },
  // Each caller names only their own tags: one they do not have is not found.
  'POST /api/me/tags/rename': { expect: '401 404 404 404 404 403', input: () => ({ body: { from: 'none of mine', to: 'renamed' } }) },
  'POST /api/me/tags/delete': { expect: '401 404 404 404 404 403', input: () => ({ body: { tag: 'none of mine' } }) },
  'POST /api/me/tags/undo-delete': { expect: '401 409 409 409 409 403', input: () => ({ body: { tag: 'none of mine' } }) },
  'GET /api/admin/prompts/pending': { expect: '401 403 403 403 200 403' },
  'PUT /api/admin/prompts/{id}/review': {
    expect: '401 403 403 403 200 403',
    input: (ids, who) => ({ params: { id: mine(ids, who, 'review') }, body: { isApproved: true } }),
  },
  'PUT /api/admin/prompts/{id}/re-review': {
    expect: '401 403 403 403 200 403',
    input: (ids, who) => ({ params: { id: mine(ids, who, 'reReview') }, body: { isApproved: false } }),
  },
  'GET /api/admin/reviews': { expect: '401 403 403 403 200 403' },
  'GET /api/admin/audit': { expect: '401 403 403 403 200 403' },
  'GET /api/admin/audit/csv': { expect: '401 403 403 403 200 403' },
  'GET /api/admin/stats': { expect: '401 403 403 403 200 403' },
  'GET /api/admin/projections': { expect: '401 403 403 403 200 403' },
  'POST /api/admin/projections/{name}/replay': { expect: '401 403 403 403 200 403', input: () => ({ params: { name: 'collections' }, body: {} }) },
  'GET /api/admin/rebuild': { expect: '401 403 403 403 200 403' },
  'POST /api/admin/rebuild': { expect: '401 403 403 403 202 403', input: () => ({ body: { projections: ['collections'] } }) },
  'POST /api/favorites': { expect: '401 201 201 201 201 403', input: () => ({ body: { promptId: 5 } }) },
  'GET /api/favorites/my': { expect: '401 200 200 200 200 200' },
  'POST /api/ratings': { expect: '401 200 200 200 200 403', input: () => ({ body: { promptId: 6, value: 5 } }) },
  'GET /api/prompts/{id}/rating': { expect: '401 200 200 200 200 403', input: () => ({ params: { id: 3 } }) },
  'POST /api/history': { expect: '401 201 201 201 201 403', input: () => ({ body: { promptId: 7 } }) },
  'GET /api/history/my': { expect: '401 200 200 200 200 403' },
  // The caller's own suggestions; read-only, so the extension may ask too.
  'GET /api/prompts/{id}/recent-values': { expect: '401 200 200 200 200 200', input: () => ({ params: { id: 3 } }) },
  'DELETE /api/me/recent-values': { expect: '401 200 200 200 200 403' },
  // Each caller downloads their own data: there is nothing of anyone else's to name.
  'GET /api/me/export': { expect: '401 200 200 200 200 403' },
  // A preview reads the caller's own prompts only; the undo is the importer's alone (others: not found).
  'POST /api/me/import': {
    expect: '401 200 200 200 200 403',
    input: () => ({ query: 'dryRun=1', body: { format: 'prompts-chat-csv', content: 'act,prompt\nA matrix prompt,The text of a matrix prompt' } }),
  },
  // An import's progress is its importer's alone: the member, the other member and the admin naming the owner's find nothing.
  'GET /api/me/imports/{importId}/progress': {
    expect: '401 404 200 404 404 403',
    input: (_ids, who) => ({ params: { importId: who === 'admin' ? 'matrix-import-B' : 'matrix-import-A' } }),
  },
  'DELETE /api/me/imports/{batchId}': {
    expect: '401 404 200 404 404 403',
    input: (ids, who) => ({ params: { batchId: mine(ids, who, 'import') } }),
    publicInput: () => ({ params: { batchId: 999_999 } }),
  },
  'GET /api/collections/my': { expect: '401 200 200 200 200 403' },
  'POST /api/collections': { expect: '401 201 201 201 201 403', input: () => ({ body: { name: 'Another one', isPublic: false } }) },
  // A private collection is not found for anyone but its owner (the admin included); a public one is everyone's to read.
  'GET /api/collections/{id}': {
    expect: '404 200 200 404 404 403',
    input: (ids, who) => ({ params: { id: mine(ids, who, 'collection') } }),
    publicInput: (ids) => ({ params: { id: ids.publicCollection } }),
  },
  'POST /api/collections/{id}/prompts': {
    expect: '401 404 200 404 404 403',
    input: (ids, who) => ({ params: { id: mine(ids, who, 'collection') }, body: { promptId: 2 } }),
    publicInput: (ids) => ({ params: { id: ids.publicCollection }, body: { promptId: 2 } }),
  },
  'GET /api/extension/prompts': { expect: '200 200 200 200 200 200' },
  'GET /api/extension/devices': { expect: '401 200 200 200 200 403' },
  'POST /api/extension/devices': { expect: '401 400 400 400 400 403', input: () => ({ body: {} }) },
  // Anyone may ask (the extension has no credential yet); a device token may not.
  'POST /api/extension/connection-requests': {
    expect: '201 201 201 201 201 403',
    input: () => ({ body: { name: 'Laptop', tokenHash: randomBytes(32).toString('hex') } }),
  },
  'GET /api/openapi.json': { expect: '200 200 200 200 200 403' },
  // Comments: anyone reads a public prompt's; members of the website post, report and change their own (never a device).
  'GET /api/prompts/{id}/comments': { expect: '200 200 200 200 200 200', input: () => ({ params: { id: 1 } }) },
  'POST /api/prompts/{id}/comments': { expect: '401 201 201 201 201 403', input: () => ({ params: { id: 1 }, body: { body: 'A comment' } }) },
  'PATCH /api/comments/{id}': {
    expect: '401 403 200 403 403 403',
    input: (ids, who) => ({ params: { id: mine(ids, who, 'comment') }, body: { body: `Edited by ${who}` } }),
    publicInput: (ids) => ({ params: { id: ids.commentA }, body: { body: 'Edited by user' } }),
  },
  'POST /api/prompts/{id}/reports': { expect: '401 201 201 201 201 403', input: () => ({ params: { id: 2 }, body: { reason: 'duplicate' } }) },
  'POST /api/comments/{id}/reports': {
    expect: '401 201 201 201 201 403',
    input: (ids) => ({ params: { id: ids.commentA }, body: { reason: 'offensive' } }),
  },
  'GET /api/me/report-outcomes': { expect: '401 200 200 200 200 403' },
  // Each member's own notifications, on the website only; a notification is marked read by the person it tells.
  'GET /api/me/notifications': { expect: '401 200 200 200 200 403' },
  'GET /api/me/notifications/count': { expect: '401 200 200 200 200 403' },
  'POST /api/me/notifications/seen': { expect: '401 200 200 200 200 403', input: () => ({ body: { upTo: 1 } }) },
  'POST /api/me/notifications/read': { expect: '401 200 200 200 200 403', input: () => ({ body: { upTo: 1 } }) },
  // The daily digest setting: each member's own, on the website only.
  'GET /api/me/notifications/digest': { expect: '401 200 200 200 200 403' },
  'PUT /api/me/notifications/digest': { expect: '401 200 200 200 200 403', input: () => ({ body: { enabled: false } }) },
  'POST /api/me/notifications/{id}/read': {
    expect: '401 404 200 404 404 403',
    input: (ids) => ({ params: { id: ids.notification } }),
    publicInput: (ids) => ({ params: { id: ids.notification } }),
  },
  'GET /api/admin/reports': { expect: '401 403 403 403 200 403' },
  'PUT /api/admin/reports/{id}': {
    expect: '401 403 403 403 200 403',
    input: (ids, who) => ({ params: { id: mine(ids, who, 'report') }, body: { action: 'dismiss', reason: 'Nothing wrong here' } }),
  },
  // The Community page's people are public; featuring a member is the admin's alone (docs/community.md).
  'GET /api/community/leaderboard': { expect: '200 200 200 200 200 403', input: () => ({ query: 'period=all' }) },
  'GET /api/community/contributions': { expect: '200 200 200 200 200 403' },
  'GET /api/community/featured-members': { expect: '200 200 200 200 200 403' },
  // A member with a published prompt has a public page; one who never published has none, for anyone.
  'GET /api/members/{id}': { expect: '404 404 404 404 404 403', input: (ids) => ({ params: { id: ids.other } }) },
  'GET /api/members/{id}/prompts': { expect: '404 404 404 404 404 403', input: (ids) => ({ params: { id: ids.other } }) },
  'GET /api/members/{id}/collections': { expect: '404 404 404 404 404 403', input: (ids) => ({ params: { id: ids.other } }) },
  'PUT /api/admin/members/{id}/featured': { expect: '401 403 403 403 200 403', input: (ids) => ({ params: { id: ids.other }, body: { featured: true } }) },
  // Personal access tokens are managed on the website's session only (a device or a token never makes or sees one).
  'GET /api/tokens': { expect: '401 200 200 200 200 403' },
  'POST /api/tokens': { expect: '401 400 400 400 400 403', input: () => ({ body: {} }) },
  // Destructive rows are walked last (see `last`), each caller naming its own copy.
  'DELETE /api/collections/{id}/prompts/{promptId}': {
    expect: '401 404 200 404 404 403',
    input: (ids, who) => ({ params: { id: mine(ids, who, 'collection'), promptId: 1 } }),
    publicInput: (ids) => ({ params: { id: ids.publicCollection, promptId: 1 } }),
  },
  'DELETE /api/favorites/{id}': {
    expect: '401 404 200 404 404 403',
    input: (ids, who) => ({ params: { id: mine(ids, who, 'favorite') } }),
    publicInput: () => ({ params: { id: 999_999 } }),
  },
  'DELETE /api/collections/{id}': {
    expect: '401 404 200 404 404 403',
    input: (ids, who) => ({ params: { id: mine(ids, who, 'collection') } }),
    publicInput: (ids) => ({ params: { id: ids.publicCollection } }),
  },
  // Only its author deletes a comment: anyone else is told so (403), the comment being public anyway.
  'DELETE /api/comments/{id}': {
    expect: '401 403 200 403 403 403',
    input: (ids, who) => ({ params: { id: mine(ids, who, 'comment') } }),
    publicInput: (ids) => ({ params: { id: ids.commentA } }),
  },
  // Withdrawing: the author or the admin; anyone else is told so (403), the prompt being public anyway.
  'DELETE /api/prompts/{id}': {
    expect: '401 403 200 404 200 403',
    input: (ids, who) => ({ params: { id: mine(ids, who, 'prompt') } }),
    publicInput: () => ({ params: { id: 1 } }),
  },
  // Only the author withdraws a revision: the admin (who may see it) is told so, anyone else it does not exist.
  'DELETE /api/prompts/{id}/revision': {
    expect: '401 404 200 404 403 403',
    input: (ids, who) => ({ params: { id: mine(ids, who, 'revision') } }),
    publicInput: () => ({ params: { id: 1 } }),
  },
  'DELETE /api/tokens/{id}': {
    expect: '401 404 204 404 404 403',
    input: (ids, who) => ({ params: { id: mine(ids, who, 'token') } }),
    publicInput: (ids) => ({ params: { id: ids.tokenA } }),
  },
  'DELETE /api/extension/devices/{id}': {
    expect: '401 404 204 404 404 403',
    input: (ids, who) => ({ params: { id: mine(ids, who, 'device') } }),
    publicInput: (ids) => ({ params: { id: ids.deviceA } }),
  },
  // Sign-outs end the caller's own credentials: walked at the very end. A session without a device has nothing to end (204).
  'DELETE /api/extension/devices/current': { expect: '401 204 204 204 204 204' },
  'POST /api/auth/logout': { expect: '200 200 200 200 200 403', input: () => ({ body: {} }) },
  // Deleting an account: signed in on the website only, and without the password (empty body) it changes nothing.
  'DELETE /api/me': { expect: '401 400 400 400 400 403', input: () => ({ body: {} }) },
};
// The device signs itself out first (before its owner revokes it from the dashboard), and sessions end last.
const last = [
  'DELETE /api/extension/devices/current',
  ...Object.keys(api).filter((k) => k.startsWith('DELETE ') && k !== 'DELETE /api/extension/devices/current'),
  'POST /api/auth/logout',
];

/**
 * Pages that read the session (or guard on it). Redirects are not followed: 302 means "sent to /auth".
 * A device token is for the API only: on a page it gets 403, never the owner's view.
 */
const pages: Record<string, Row & { file: string }> = {
  '/dashboard': { file: 'dashboard/index.astro', expect: '302 200 200 200 200 403' },
  '/dashboard/collections': { file: 'dashboard/collections.astro', expect: '302 200 200 200 200 403' },
  '/dashboard/profile': { file: 'dashboard/profile.astro', expect: '302 200 200 200 200 403' },
  '/dashboard/import': { file: 'dashboard/import.astro', expect: '302 200 200 200 200 403' },
  '/notifications': { file: 'notifications.astro', expect: '302 200 200 200 200 403' },
  // Editing as the API decides it: the author, and the admin unless private; a visitor is asked to sign in.
  '/prompts/{id}/edit': {
    file: 'prompts/[id]/edit.astro',
    expect: '401 404 200 404 200 403',
    input: (ids, who) => ({ params: { id: mine(ids, who, 'prompt') } }),
    publicInput: () => ({ params: { id: 1 } }),
  },
  // Versions are read as the prompt is: a pending one by its author and the admin, a public one by anyone.
  '/prompts/{id}/versions': {
    file: 'prompts/[id]/versions.astro',
    expect: '404 200 200 404 200 403',
    input: (ids, who) => ({ params: { id: mine(ids, who, 'prompt') } }),
    publicInput: () => ({ params: { id: 1 } }),
  },
  // A prompt's page: a published one for anyone; an unpublished one for its author (and, pending, the admin): others get the 404.
  '/prompts/{id}': {
    file: 'prompts/[id].astro',
    expect: '404 200 200 404 200 403',
    input: (ids, who) => ({ params: { id: mine(ids, who, 'prompt') } }),
    publicInput: () => ({ params: { id: 1 } }),
  },
  '/admin': { file: 'admin.astro', expect: '302 403 403 403 200 403' },
  '/prompts/create': { file: 'prompts/create.astro', expect: '401 200 200 200 200 403' },
  '/prompts?tab=favorites': { file: 'prompts/index.astro', expect: '302 200 200 200 200 403' },
  '/fragments/prompts?tab=favorites': { file: 'fragments/prompts.astro', expect: '401 200 200 200 200 403' },
  '/collections/{id}': {
    file: 'collections/[id].astro',
    expect: '404 200 200 404 404 403',
    input: (ids, who) => ({ params: { id: mine(ids, who, 'collection') } }),
    publicInput: (ids) => ({ params: { id: ids.publicCollection } }),
  },
  '/extension/connect': { file: 'extension/connect.astro', expect: '200 200 200 200 200 403', input: () => ({ query: `key=${'a'.repeat(64)}&name=Laptop` }) },
  '/auth': { file: 'auth/index.astro', expect: '200 302 302 302 302 403' },
};

function statuses(row: Row, method = 'GET'): Record<Who, number> {
  const given = Object.fromEntries(row.expect.split(' ').map((s, i) => [stated[i], Number(s)])) as Record<Who, number>;
  return { ...given, token: given.device, readToken: method === 'GET' || given.device === 403 ? given.device : 403 };
}
const fill = (path: string, input: Input) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(input.params?.[name]))) + (input.query ? `?${input.query}` : '');
const inputFor = (row: Row, ids: Ids, who: Who): Input => (who === 'user' && row.publicInput ? row.publicInput(ids) : (row.input?.(ids, who) ?? {}));

/** The .astro pages that read the signed-in user: each must have a row. */
function sessionPages(dir = 'src/pages', prefix = ''): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sessionPages(path, `${prefix}${name}/`);
    if (!name.endsWith('.astro')) return [];
    const source = readFileSync(path, 'utf8');
    return /Astro\.locals\.user|\buser\b[^;]*\}\s*=\s*Astro\.locals|adminPage\(|userPage\(/.test(source) ? [`${prefix}${name}`] : [];
  });
}

describe('the authorization matrix', () => {
  it('has a row for every declared route and every page that reads the session, and none for anything else', () => {
    const declared = allRoutes.map((r) => `${r.method} ${r.path}`);
    expect(
      Object.keys(api).filter((k) => !declared.includes(k)),
      'rows for no route',
    ).toEqual([]);
    expect(
      declared.filter((k) => !(k in api)),
      'routes without a row',
    ).toEqual([]);
    const covered = Object.values(pages).map((p) => p.file);
    expect(
      sessionPages().filter((f) => !covered.includes(f)),
      'session-reading pages without a row',
    ).toEqual([]);
    for (const row of [...Object.values(api), ...Object.values(pages)]) expect(row.expect).toMatch(/^(\d{3} ){5}\d{3}$/);
  });
});

describe.each(backends)('who may call each route and page, on $name', (backend) => {
  const { config, cleanup } = backend.fresh();
  const dataDir = config.dataDir;
  const publicUrl = 'http://localhost:4321';
  const adminEmail = 'admin@promptory.test';
  const as = Object.fromEntries(columns.map((who, i) => [who, new Browser(`10.3.0.${i + 1}`)])) as Record<Who, Browser>;
  const ids: Ids = {};
  let deviceToken = '';
  const accessTokens: Partial<Record<Who, string>> = {};
  afterAll(cleanup);

  let app: Awaited<ReturnType<typeof createApp>>;
  // The whole matrix's fixtures (four accounts, their prompts, collections, comments, devices and
  // tokens) through HTTP: about 20 s alone, and past the default two minutes while the browser
  // suite shares the machine's two cores under npm test.
  beforeAll(async () => {
    app = await createApp({ ...config, publicUrl, adminEmail, seed: true }, { boss: false, log: () => {} });
    await settleAll(app);
    installApp(app);
    ids.user = await signUpAs(app, as.user, 'member@example.com');
    ids.owner = await signUpAs(app, as.owner, 'owner@example.com');
    ids.other = await signUpAs(app, as.other, 'other@example.com');
    ids.admin = await signUpAs(app, as.admin, adminEmail);
    for (const who of stated) if (who !== 'device') as[who].headers = { origin: publicUrl };
    const post = async (path: string, body: unknown, params: Record<string, string> = {}, who: Who = 'owner') => {
      const r = await as[who].send({ path: fill(path, { params }), body });
      if (r.status >= 300) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
      return r.body;
    };
    const meta = () => ({ actor: ids.owner, requestId: 'test', at: new Date().toISOString() });
    const submission = { title: 'Owner draft', description: 'A prompt waiting for review', content: 'Write a haiku about queues.', categoryId: 1 };
    // Two of each of the owner's things: the admin names copy B, everyone else copy A.
    for (const copy of ['A', 'B']) {
      ids[`prompt${copy}`] = (await post('/api/prompts', submission)).id;
      ids[`review${copy}`] = (await post('/api/prompts', submission)).id;
      ids[`reReview${copy}`] = (await post('/api/prompts', submission)).id;
      ids[`private${copy}`] = (await post('/api/prompts', { ...submission, visibility: 'private' })).id;
      // Straight through the command: the owner's submissions above and below use up their hourly submit limit.
      const revisionOf = { ...submission, authorName: 'owner', isFeatured: false, isEditorsPick: false };
      const keptPrivately = { ...revisionOf, visibility: 'private' as const };
      ids[`deletable${copy}`] = (await submitPrompt(app.store, keptPrivately, { userId: ids.owner, isAdmin: false }, meta())).result.id;
      ids[`deleted${copy}`] = (await submitPrompt(app.store, keptPrivately, { userId: ids.owner, isAdmin: false }, meta())).result.id;
      await post('/api/prompts/{id}/delete', {}, { id: String(ids[`deleted${copy}`]) });
      ids[`revision${copy}`] = (await submitPrompt(app.store, revisionOf, { userId: ids.owner, isAdmin: false }, meta())).result.id;
      ids[`resubmit${copy}`] = (await submitPrompt(app.store, revisionOf, { userId: ids.owner, isAdmin: false }, meta())).result.id;
      ids[`favorite${copy}`] = (await post('/api/favorites', { promptId: copy === 'A' ? 3 : 4 })).id;
      ids[`collection${copy}`] = (await post('/api/collections', { name: `Private ${copy}`, isPublic: false })).id;
      await post('/api/collections/{id}/prompts', { promptId: 1 }, { id: String(ids[`collection${copy}`]) });
      ids[`token${copy}`] = (await post('/api/tokens', { name: `Token ${copy}`, scope: 'read', expiresInDays: 30 })).id;
      ids[`import${copy}`] = (
        await post('/api/me/import', {
          format: 'prompts-chat-csv',
          content: `act,prompt\nImported ${copy},An imported prompt to undo: copy ${copy}`,
          importId: `matrix-import-${copy}`,
        })
      ).batchId;
      const token = randomBytes(32).toString('base64url');
      const connected = await connectTestDevice(
        app.store,
        ids.owner,
        { name: `Laptop ${copy}`, tokenHash: createHash('sha256').update(token).digest('hex') },
        meta(),
      );
      ids[`device${copy}`] = connected.deviceId;
      if (copy === 'A') deviceToken = token;
    }
    // Comments on public prompt 1: the owner's two copies, and the owner's report of another comment each.
    for (const copy of ['A', 'B']) {
      ids[`comment${copy}`] = (await post('/api/prompts/{id}/comments', { body: `Owner comment ${copy}` }, { id: '1' })).id;
      const reported = (await post('/api/prompts/{id}/comments', { body: `Reported ${copy}` }, { id: '1' })).id;
      ids[`report${copy}`] = (await post('/api/comments/{id}/reports', { reason: 'spam' }, { id: String(reported) }, 'other')).id;
    }
    ids.publicCollection = (await post('/api/collections', { name: 'Everyone can read', isPublic: true })).id;
    await post('/api/collections/{id}/prompts', { promptId: 1 }, { id: String(ids.publicCollection) });
    // Re-review needs a decided submission, a revision a published prompt: the admin approves both copies first.
    for (const copy of ['A', 'B']) {
      for (const id of [ids[`reReview${copy}`], ids[`revision${copy}`]]) {
        const r = await as.admin.api(routes.review, { params: { id }, body: { isApproved: true } });
        if (r.status !== 200) throw new Error(`review: ${r.status} ${JSON.stringify(r.body)}`);
      }
      // A rejected prompt its owner has changed since may be resubmitted.
      const rejected = ids[`resubmit${copy}`];
      const rejection = await as.admin.api(routes.review, { params: { id: rejected }, body: { isApproved: false, reason: 'low-quality' } });
      if (rejection.status !== 200) throw new Error(`reject: ${rejection.status} ${JSON.stringify(rejection.body)}`);
      const changed = await as.owner.api(routes.edit, { params: { id: rejected }, body: { title: 'Owner draft, improved' } });
      if (changed.status !== 200) throw new Error(`edit rejected: ${changed.status} ${JSON.stringify(changed.body)}`);
      // The owner's edit of their published prompt waits as revision 2.
      const id = ids[`revision${copy}`];
      const r = await as.owner.api(routes.edit, { params: { id }, body: { title: 'Owner revision' } });
      if (r.status !== 200 || r.body.applied !== false) throw new Error(`revision: ${r.status} ${JSON.stringify(r.body)}`);
    }
    // The admin's decisions above told the owner: the first of those notifications is the one the rows name.
    await settleAll(app);
    const told = await as.owner.api(routes.myNotifications);
    if (told.status !== 200 || told.body.items.length === 0) throw new Error(`notifications: ${told.status} ${JSON.stringify(told.body)}`);
    ids.notification = told.body.items[0].position;
    as.device.headers = { authorization: `Bearer ${deviceToken}`, origin: EXTENSION_ORIGIN };
    // The owner's tokens for the derived columns (not the copies the DELETE row revokes).
    for (const [who, scope] of [
      ['token', 'read-write'],
      ['readToken', 'read'],
    ] as const) {
      accessTokens[who] = (await post('/api/tokens', { name: `Column ${who}`, scope, expiresInDays: 30 })).token;
      as[who].headers = { authorization: `Bearer ${accessTokens[who]}` };
    }
    await settleAll(app);
  }, 300_000);

  it('answers every API route as its row says, and a refused call appends nothing', async () => {
    const seen: string[] = [];
    const order = [...Object.keys(api).filter((k) => !last.includes(k)), ...last];
    for (const key of order) {
      const [method, path] = key.split(' ');
      const expected = statuses(api[key], method);
      for (const who of walkOrder) {
        const input = inputFor(api[key], ids, who);
        const before = await app.store.count();
        const r = await as[who].send({ method, path: fill(path, input), body: input.body ?? (method === 'GET' ? undefined : {}) });
        seen.push(`${key} ${who}`);
        expect.soft(r.status, `${key} as ${who}: ${JSON.stringify(r.body)?.slice(0, 200)}`).toBe(expected[who]);
        if (r.status >= 400) expect.soft(await app.store.count(), `${key} as ${who} appended`).toBe(before);
      }
    }
    expect(seen).toHaveLength(Object.keys(api).length * columns.length);
    // Every route as every caller, one after another: 2.7 s on a quiet machine, 42-60 s and more
    // inside the whole suite (2 cores shared with the browser suite, lint and the type check).
    // Cut at 60 s, its calls went on into the next test and were counted there as appends.
  }, 240_000);

  it.skipIf(!hasBuild())(
    'answers every session-reading page as its row says (production build)',
    async () => {
      // Sign-outs above ended these sessions: sign in afresh, then hand the database to the server.
      for (const who of ['user', 'owner', 'other', 'admin'] as const) {
        as[who].jar.set(SESSION_COOKIE, (await app.sessions.create(ids[who])).token);
      }
      // The owner deleted copy A of their collection above: a fresh one takes its place.
      const made = await as.owner.api(routes.createCollection, { body: { name: 'Private again', isPublic: false } });
      ids.collectionA = made.body.id;
      const token = randomBytes(32).toString('base64url');
      await connectTestDevice(
        app.store,
        ids.owner,
        { name: 'Pages', tokenHash: createHash('sha256').update(token).digest('hex') },
        { actor: ids.owner, requestId: 'test', at: '' },
      );
      await app.close();
      const env: Record<string, string> = config.databaseUrl
        ? { DATABASE_URL: config.databaseUrl, DATABASE_SCHEMA: config.databaseSchema!, DATA_DIR: dataDir }
        : { DATA_DIR: dataDir };
      const server = await startServer({ ...env, ADMIN_EMAIL: adminEmail, SEED: '0' }, testPort(backend.name === 'pglite' ? 11 : 12));
      try {
        for (const [path, row] of Object.entries(pages)) {
          const expected = statuses(row);
          for (const who of walkOrder) {
            const headers: Record<string, string> =
              who === 'device'
                ? { authorization: `Bearer ${token}` }
                : who === 'token' || who === 'readToken'
                  ? { authorization: `Bearer ${accessTokens[who]}` }
                  : who === 'visitor'
                    ? {}
                    : { cookie: `${SESSION_COOKIE}=${as[who].jar.get(SESSION_COOKIE)}` };
            const r = await fetch(server.url + fill(path, inputFor(row, ids, who)), { headers, redirect: 'manual' });
            await r.arrayBuffer();
            expect.soft(r.status, `${path} as ${who}`).toBe(expected[who]);
            if (r.status === 302) expect.soft(r.headers.get('location'), `${path} as ${who}`).toMatch(/\/auth|\/dashboard|^\/$/);
          }
        }
      } finally {
        await server.stop();
      }
    },
    120_000,
  );
});
