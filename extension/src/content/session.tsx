import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { initialFillValues, parseTemplate } from '../../../modules/prompts/variables';
import type { ChatSite } from '../lib/chat-sites';
import { lastFillValues, rememberFillValues } from '../lib/fill-values';
import { translator } from '../lib/strings';
import type { PickerResults, ToWorker } from '../lib/messages';
import { focusAtCaret, rememberCaret, textBeforeCaret, type Composer } from './composer';
import { createOverlay, type Overlay } from './overlay';
import { Picker, type PickerView } from './picker';
import { answered, pooled, poolNow, refreshPool, typed, type Pool } from './pool';

/** What an open picker knows: where its trigger sits in the composer, the filter after it, and what the site answered. */
export interface PickerSession {
  composer: Composer;
  selector: string;
  /** The `/` (or `／`, `、`) typed, '' when the keyboard command opened it. */
  trigger: string;
  /** Where the filter starts in the composer's text before the caret. */
  start: number;
  view: PickerView;
}

/** Only the site is asked after a pause in the typing: the list narrows from the pool at each key. */
const SEARCH_DELAY_MS = 80;

/**
 * One open picker: its overlay, its rendering, its search. The content script (main.ts) feeds it
 * the composer's changes and keys; it calls `insert` with the final text.
 */
export class OpenPicker {
  private overlay: Overlay;
  private root: Root;
  private asked = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  readonly session: PickerSession;

  constructor(
    readonly site: ChatSite,
    opening: Omit<PickerSession, 'view'>,
    private language: string,
    private insert: (text: string, session: PickerSession) => void,
    private closed: () => void,
  ) {
    this.session = { ...opening, view: { filter: '', results: null, resultsFor: null, provisional: false, answered: 0, active: 0, filling: null } };
    this.overlay = createOverlay(language);
    this.overlay.anchorTo(opening.composer.getBoundingClientRect());
    this.root = createRoot(this.overlay.layer);
    // From the pool at once when this page has it; the site's answer follows.
    this.show(typed(this.session.view, '', poolNow()));
    this.search('');
    void refreshPool().then((pool) => this.open && pool && this.fromPool(pool));
  }

  private get open(): boolean {
    return this.asked >= 0;
  }

  get filling(): boolean {
    return this.session.view.filling !== null;
  }

  /** Whether an event happened inside the picker (its path crosses the shadow root's host). */
  holds(event: Event): boolean {
    return event.composedPath().includes((this.overlay.layer.getRootNode() as ShadowRoot).host);
  }

  /** Follows the composer: a new filter, or closes when the caret left the trigger. */
  follow(): void {
    if (this.filling) return;
    const { composer, trigger, start } = this.session;
    const before = textBeforeCaret(composer);
    // No caret in the composer for a moment (editors reset the selection while they reconcile): wait for the next change.
    if (before === null) return;
    if (before.length < start || (trigger && before[start - 1] !== trigger)) return this.close();
    const filter = before.slice(start);
    if (filter.length > 80) return this.close();
    if (filter !== this.session.view.filter) {
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.search(filter), SEARCH_DELAY_MS);
      this.show(typed(this.session.view, filter, poolNow()));
    }
  }

  move(by: number): void {
    const count = this.session.view.results?.prompts.length ?? 0;
    if (count) this.update({ active: (this.session.view.active + by + count) % count });
  }

  /** Inserts the prompt at `index`, through the fill-in form when its content has variables. */
  async choose(index = this.session.view.active): Promise<void> {
    const prompt = this.session.view.results?.prompts[index];
    if (!prompt) return;
    // The insert goes where the caret is now: the last selectionchange may not have been handled yet.
    rememberCaret(this.session.composer);
    const template = parseTemplate(prompt.content);
    if (template.variables.length === 0) return this.finish(prompt.content, prompt);
    const siteUrl = this.session.view.results!.siteUrl;
    const initial = initialFillValues(template.variables, await lastFillValues(siteUrl, prompt.id));
    this.update({ filling: { prompt, template, initial } });
  }

  close(): void {
    clearTimeout(this.timer);
    this.asked = -1;
    this.root.unmount();
    this.overlay.remove();
    this.closed();
  }

  private finish(text: string, prompt: { id: number; own: boolean }): void {
    this.close();
    this.insert(text, this.session);
    if (!prompt.own) void chrome.runtime.sendMessage({ kind: 'promptory:used', id: prompt.id } satisfies ToWorker);
  }

  /** Asks the site; its answer is tagged with the filter and the order it was asked in (`answered` drops a stale one). */
  private search(q: string): void {
    if (!this.open) return;
    const seq = ++this.asked;
    const failed = (): PickerResults => ({
      prompts: [],
      signedIn: false,
      language: this.language as PickerResults['language'],
      siteUrl: '',
      failed: 'refused',
    });
    chrome.runtime
      .sendMessage({ kind: 'promptory:search', q } satisfies ToWorker)
      .then(
        (results: PickerResults) => results,
        () => failed(),
      )
      .then((results) => {
        // A closed picker's answer, or one the form has replaced, is dropped.
        if (!this.open || this.filling) return;
        const next = answered(this.session.view, { q, seq, results });
        if (next === this.session.view) return;
        this.language = results.failed ? this.language : results.language;
        this.show(next);
      });
  }

  /** The pool came: it narrows the list unless the site has answered the filter already. */
  private fromPool(pool: Pool): void {
    if (this.filling) return;
    const next = pooled(this.session.view, pool);
    if (next !== this.session.view) this.show(next);
  }

  /** Draws `view` now, not at React's next task: a key's narrowing is on screen in the frame after it. */
  private show(view: PickerView): void {
    this.session.view = view;
    flushSync(() => this.render());
  }

  private update(patch: Partial<PickerView>): void {
    this.session.view = { ...this.session.view, ...patch };
    this.render();
  }

  private render(): void {
    const t = translator(this.language as PickerResults['language']);
    this.overlay.layer.lang = this.language;
    const { view } = this.session;
    this.root.render(
      <Picker
        {...view}
        t={t}
        language={this.language}
        onChoose={(i) => void this.choose(i)}
        onHover={(active) => this.update({ active })}
        onFilled={async (text, values) => {
          const filling = view.filling!;
          void rememberFillValues(view.results!.siteUrl, filling.prompt.id, values);
          this.finish(text, filling.prompt);
        }}
        onCancel={() => {
          // Escape from the form: back to the composer, unchanged.
          this.close();
          focusAtCaret(this.session.composer);
        }}
      />,
    );
  }
}
