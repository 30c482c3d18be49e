/**
 * Built-in variables: `{{CURRENT_DATE}}`, `{{USER_NAME}}`, … fill themselves when a prompt is
 * filled in, so a prompt from Open WebUI, PromptHub or LibreChat keeps working here and any
 * prompt may use them. The names are Open WebUI's (upper case); PromptHub's and LibreChat's
 * spellings (`{{current_date}}`, `{{current_user}}`, `{{iso_datetime}}`, `{{CURRENT_YEAR}}`) are
 * read as the same built-ins, case aside. Pure and browser-safe: the fill-in form supplies the
 * context (the clock, the member's name and language, the clipboard when the browser allows).
 */

export const BUILT_INS = [
  'CURRENT_DATE',
  'CURRENT_TIME',
  'CURRENT_DATETIME',
  'CURRENT_WEEKDAY',
  'CURRENT_TIMEZONE',
  'CURRENT_YEAR',
  'CURRENT_MONTH',
  'CURRENT_DAY',
  'USER_NAME',
  'USER_LANGUAGE',
  'CLIPBOARD',
] as const;
export type BuiltIn = (typeof BUILT_INS)[number];

/** Other tools' names of the same built-ins (compared in upper case). */
const ALIASES: Record<string, BuiltIn> = {
  CURRENT_USER: 'USER_NAME',
  ISO_DATETIME: 'CURRENT_DATETIME',
};

/** The built-in a variable's name stands for, case aside (null: an ordinary variable). */
export function builtInOf(name: string): BuiltIn | null {
  const upper = name.trim().toUpperCase();
  return (BUILT_INS as readonly string[]).includes(upper) ? (upper as BuiltIn) : (ALIASES[upper] ?? null);
}

/** What the built-ins are filled from, at the moment of filling in. */
export interface BuiltInContext {
  now: Date;
  /** The person's time zone (IANA name); absent: the runtime's own. */
  timeZone?: string;
  /** The person's language tag (`en`, `zh-HK`): names the weekday, and is USER_LANGUAGE. */
  language: string;
  /** The signed-in member's name; absent: USER_NAME is asked like any variable. */
  userName?: string | null;
  /** The clipboard's text when the browser gave it; absent: CLIPBOARD is asked like any variable. */
  clipboard?: string | null;
}

/** The date's parts where the person is: `YYYY`, `MM`, `DD`, `HH`, `mm` (24-hour). */
function partsOf(now: Date, timeZone: string | undefined): Record<'year' | 'month' | 'day' | 'hour' | 'minute', string> {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const parts = Object.fromEntries(format.formatToParts(now).map((p) => [p.type, p.value]));
  return { year: parts.year, month: parts.month, day: parts.day, hour: parts.hour, minute: parts.minute };
}

/** A built-in's value now (undefined: the context does not have it, so the person is asked). */
export function builtInValue(builtIn: BuiltIn, context: BuiltInContext): string | undefined {
  const { year, month, day, hour, minute } = partsOf(context.now, context.timeZone);
  switch (builtIn) {
    case 'CURRENT_DATE':
      return `${year}-${month}-${day}`;
    case 'CURRENT_TIME':
      return `${hour}:${minute}`;
    case 'CURRENT_DATETIME':
      return `${year}-${month}-${day} ${hour}:${minute}`;
    case 'CURRENT_WEEKDAY':
      return new Intl.DateTimeFormat(context.language, { timeZone: context.timeZone, weekday: 'long' }).format(context.now);
    case 'CURRENT_TIMEZONE':
      return context.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
    case 'CURRENT_YEAR':
      return year;
    case 'CURRENT_MONTH':
      return month;
    case 'CURRENT_DAY':
      return day;
    case 'USER_NAME':
      return context.userName || undefined;
    case 'USER_LANGUAGE':
      return context.language;
    case 'CLIPBOARD':
      return context.clipboard ?? undefined;
  }
}

/**
 * The values of the built-ins among `names` (a template's variable names, as written), by name:
 * what the fill-in form fills without asking. A name the context cannot fill is left out.
 */
export function builtInValues(names: readonly string[], context: BuiltInContext): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of names) {
    const builtIn = builtInOf(name);
    const value = builtIn && builtInValue(builtIn, context);
    if (value !== undefined && value !== null) values[name] = value;
  }
  return values;
}

/** The names among `names` that stand for the clipboard (the form reads it only then: the browser may ask first). */
export const clipboardNames = (names: readonly string[]) => names.filter((name) => builtInOf(name) === 'CLIPBOARD');
