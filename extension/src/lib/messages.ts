import type { Language } from '../../../src/i18n/languages';

/**
 * What the content script and the worker say to each other (chrome.runtime messages). The
 * content script never calls the site itself: the page's CORS rules would apply to it, and the
 * device token stays in the worker's hands.
 */
export interface PickerPrompt {
  id: number;
  title: string;
  description: string;
  content: string;
  /** The user's own prompt (private ones included): listed first. */
  own: boolean;
}

export interface PickerResults {
  prompts: PickerPrompt[];
  signedIn: boolean;
  language: Language;
  siteUrl: string;
  /** The pool's answers (`promptory:pool`): when the worker read it, so a page folds each pool once. */
  readAt?: number;
  /** Set when the site could not be asked: the picker says so instead of "no prompts". */
  failed?: 'offline' | 'refused';
}

export interface Diagnostic {
  at: string;
  site: string;
  /** The selector the composer was found by, or null when none matched. */
  selector: string | null;
  reason: 'no-composer' | 'not-inserted';
}

export type ToWorker =
  | { kind: 'promptory:search'; q: string }
  /** What the picker narrows locally while the site is asked (composer-worker's pickerPool). */
  | { kind: 'promptory:pool' }
  | { kind: 'promptory:used'; id: number }
  | { kind: 'promptory:diagnostic'; diagnostic: Omit<Diagnostic, 'at'> }
  /** An opened tab's content script asks for the text handed over to it (Send without a tab of the site). */
  | { kind: 'promptory:handoff' };

export type ToTab =
  | { kind: 'promptory:open-picker' }
  /** Side panel Insert or Send: at the composer's last caret position. */
  | { kind: 'promptory:insert'; text: string }
  /** Text is waiting for this tab: asked again in case the page asked on load before it was stored. */
  | { kind: 'promptory:handoff-ready' };

export interface InsertAnswer {
  inserted: boolean;
  /** False when the text could not go in and went to the clipboard instead. */
  copied: boolean;
}

export const DIAGNOSTICS_KEY = 'diagnostics';
/** The newest failures kept (the diagnostics page shows them; nothing is sent anywhere). */
export const DIAGNOSTICS_KEPT = 50;
