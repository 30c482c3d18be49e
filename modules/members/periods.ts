/**
 * The leaderboard's calendar (docs/community.md). Weeks and months are the site's: they begin
 * at midnight in SITE_TIME_ZONE, weeks on Monday (ISO 8601). An event counts on the site day
 * its command was handled (its `metadata.at`), so a replay puts it on the same day. Changing
 * the zone changes what the community projection stores: bump its version.
 */
export const SITE_TIME_ZONE = 'Asia/Hong_Kong';

export const BOARD_PERIODS = ['week', 'month', 'all'] as const;
export type BoardPeriod = (typeof BOARD_PERIODS)[number];

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: SITE_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The site day (YYYY-MM-DD) an instant falls on. */
export function siteDay(at: Date | string): string {
  return dayFormat.format(new Date(at));
}

const DAY_MS = 86_400_000;
const toUtc = (day: string) => Date.parse(`${day}T00:00:00Z`);
const fromUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const addDays = (day: string, n: number) => fromUtc(toUtc(day) + n * DAY_MS);

/** The site days a period covers at `now`: `from` inclusive, `to` exclusive; null bounds for All Time. */
export function periodRange(period: BoardPeriod, now: Date): { from: string | null; to: string | null } {
  if (period === 'all') return { from: null, to: null };
  const today = siteDay(now);
  if (period === 'week') {
    const monday = addDays(today, -((new Date(toUtc(today)).getUTCDay() + 6) % 7));
    return { from: monday, to: addDays(monday, 7) };
  }
  const first = `${today.slice(0, 8)}01`;
  const next = new Date(toUtc(first));
  next.setUTCMonth(next.getUTCMonth() + 1);
  return { from: first, to: fromUtc(next.getTime()) };
}

/**
 * The score (docs/community.md, "The score"): per published prompt and period, uses by others
 * count up to USES_CAP and helpful ratings by others up to HELPFUL_CAP, each helpful rating
 * worth HELPFUL_WEIGHT uses; a contributor's score is the sum over their PROMPTS_COUNTED best
 * prompts. Submitting more prompts earns nothing by itself, and no one prompt dominates.
 */
export const SCORE = { usesCap: 50, helpfulCap: 20, helpfulWeight: 5, promptsCounted: 10 } as const;
