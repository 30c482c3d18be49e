import { atom, map } from 'nanostores';

/**
 * The viewer's personal state, shared by every island of a page. Pages are the same HTML for
 * everyone (one cache); what is personal is filled in here from the personal endpoints after
 * load. The current user lives in current-user.ts.
 *
 * - `$bookmarkedIds`: prompts the viewer has bookmarked (Save/Saved, bookmark icons).
 * - `$ratings`: the viewer's rating per prompt id (1 Not Helpful, 5 Helpful).
 * - `$usageCounts`: fresh use counts after the viewer copies a prompt (the count islands show it).
 * - `$ratingAggregates`: a prompt's rating after the viewer rates it (the reply's aggregate and count).
 * - `$authored`: whether the viewer wrote a prompt whose page names no account (a pen name), asked once per page.
 */
export const $bookmarkedIds = atom<ReadonlySet<number>>(new Set());
export const $ratings = map<Record<string, 1 | 5>>({});
export const $usageCounts = map<Record<string, number>>({});
export const $ratingAggregates = map<Record<string, { ratingCount: number; helpfulCount: number }>>({});
export const $authored = map<Record<string, boolean>>({});
