import { siteForHost, triggerAt, type ChatSite } from '../lib/chat-sites';
import { browserLanguage } from '../lib/settings';
import { translator } from '../lib/strings';
import { LANGUAGES, type Language } from '../../../src/i18n/languages';
import type { InsertAnswer, ToTab, ToWorker } from '../lib/messages';
import { composerAround, findComposer, focusAtCaret, rememberCaret, textBeforeCaret, type Composer } from './composer';
import { insertAndVerify, type InsertOutcome } from './insert';
import { createOverlay } from './overlay';
import { OpenPicker, type PickerSession } from './session';
import { dropPool, poolNow, refreshPool } from './pool';

/**
 * The content script of the chat sites in the site table (and only those: the manifest's
 * matches come from the same table). `/` typed at the start of the composer or after
 * whitespace opens the picker; the keyboard command and the side panel reach it by message.
 * It never sends the message: it only writes into the composer.
 */
const NOTICE_MS = 6000;

async function readLanguage(): Promise<Language> {
  const stored = (await chrome.storage.local.get('language')).language as Language | undefined;
  return stored && LANGUAGES.includes(stored) ? stored : browserLanguage();
}

/** The user's language, read once and followed: the picker opens without waiting on storage. */
let known: Language | null = null;
chrome.storage.onChanged.addListener((changes, area) => {
  if (area !== 'local') return;
  if ('language' in changes) known = null;
  // Another account or site: the pool on this page is no longer the user's.
  if ('deviceToken' in changes || 'siteUrl' in changes) dropPool();
});
async function language(): Promise<Language> {
  return (known ??= await readLanguage());
}
/** The language now when it is known (every open after the first), else read. */
const languageNow = () => known ?? language();

function start(site: ChatSite): void {
  let picker: OpenPicker | null = null;
  /** Where a trigger character just typed lands (the caret's offset when it was typed); the next check may open the picker there. */
  let typedAt: { composer: Composer; at: number } | null = null;
  let composing = false;
  let checkQueued = false;

  /** Notes where a typed trigger goes, before the editor applies it (keys may come faster than checks). */
  const noteTrigger = (target: EventTarget | null, data: string | null) => {
    if (!data || triggerAt(` ${data.at(-1)}`) < 0) return;
    const composer = composerAround(site, target instanceof Node ? target : null);
    const before = composer && textBeforeCaret(composer);
    if (composer && before != null) typedAt = { composer, at: before.length + data.length - 1 };
  };

  /** After the editor has applied the keystroke: follow the filter, or open on a fresh trigger. */
  const check = () => {
    checkQueued = false;
    if (composing) return;
    if (picker) return picker.follow();
    const typed = typedAt;
    typedAt = null;
    if (!typed || site.slashMenu !== 'promptory') return;
    const before = textBeforeCaret(typed.composer);
    if (before == null || before.length <= typed.at || triggerAt(before.slice(0, typed.at + 1)) !== typed.at) return;
    void open(typed.composer, before[typed.at], typed.at + 1);
  };
  const queueCheck = () => {
    if (checkQueued) return;
    checkQueued = true;
    // Editors apply a keystroke in their own handlers (Lexical in a microtask): read after them.
    setTimeout(check, 0);
  };

  async function open(composer: Composer, trigger: string, startAt: number): Promise<void> {
    picker?.close();
    const selector = site.selectors.find((s) => composer.matches(s)) ?? site.selectors[0];
    const lng = languageNow();
    picker = new OpenPicker(
      site,
      { composer, selector, trigger, start: startAt },
      typeof lng === 'string' ? lng : await lng,
      insertChosen,
      () => (picker = null),
    );
    // Keys typed while it opened are its filter already.
    picker.follow();
  }

  async function insertChosen(text: string, session: PickerSession): Promise<void> {
    const outcome = await insertAndVerify(site, text, {
      composer: session.composer,
      selector: session.selector,
      replaced: session.trigger + session.view.filter,
    });
    if (!outcome.ok) await fallBack(text, outcome, session.composer);
  }

  /** The text did not go in (a redesign, most likely): it goes to the clipboard, the user is told, and the failure is noted locally. */
  async function fallBack(text: string, outcome: Extract<InsertOutcome, { ok: false }>, near?: Composer | null): Promise<boolean> {
    const copied = await copy(text);
    const lng = await language();
    const t = translator(lng);
    const overlay = createOverlay(lng);
    const notice = document.createElement('p');
    notice.className = 'notice';
    notice.setAttribute('role', 'status');
    notice.dataset.testid = 'composer-notice';
    notice.textContent = copied ? t('composer.notInserted') : t('composer.notCopied');
    overlay.layer.append(notice);
    overlay.anchorTo((near ?? findComposer(site)?.composer)?.getBoundingClientRect() ?? new DOMRect(16, window.innerHeight - 16, 320, 0));
    setTimeout(overlay.remove, NOTICE_MS);
    void chrome.runtime.sendMessage({
      kind: 'promptory:diagnostic',
      diagnostic: { site: site.id, selector: outcome.selector, reason: outcome.reason },
    } satisfies ToWorker);
    return copied;
  }

  // Capture on the window: the picker's keys must be stopped before the site's editor sees them.
  window.addEventListener(
    'keydown',
    (event) => {
      if (!picker || picker.filling || event.isComposing || picker.holds(event)) return;
      const keys: Record<string, () => void> = {
        ArrowDown: () => picker!.move(1),
        ArrowUp: () => picker!.move(-1),
        Enter: () => void picker!.choose(),
        Escape: () => picker!.close(),
      };
      const act = keys[event.key];
      if (!act || event.altKey || event.ctrlKey || event.metaKey) return;
      // Input outranks timers: the last typed keys' checks may not have run yet. The filter is read
      // now, so Enter chooses from the list for what the composer holds and replaces all of it.
      picker.follow();
      if (!picker) return;
      // Stopped, not merely prevented: the sites send on Enter, and Lexical and React act on prevented events too.
      event.preventDefault();
      event.stopImmediatePropagation();
      act();
    },
    true,
  );
  window.addEventListener(
    'beforeinput',
    (event) => {
      if (event.isComposing) return;
      if (event.inputType === 'insertText') noteTrigger(event.target, event.data);
      queueCheck();
    },
    true,
  );
  window.addEventListener('input', queueCheck, true);
  window.addEventListener('keyup', queueCheck, true);
  /** The caret's offset when a composition started: where its committed text lands. */
  let composedFrom: { target: EventTarget | null; at: number } | null = null;
  window.addEventListener(
    'compositionstart',
    (event) => {
      composing = true;
      const composer = composerAround(site, event.target instanceof Node ? event.target : null);
      const before = composer && textBeforeCaret(composer);
      composedFrom = composer && before != null ? { target: event.target, at: before.length } : null;
    },
    true,
  );
  window.addEventListener(
    'compositionend',
    (event) => {
      composing = false;
      // An input method's `、` or `／` counts once its composition is committed, never while it is in progress.
      const composer = composedFrom && composerAround(site, composedFrom.target instanceof Node ? composedFrom.target : null);
      if (composer && composedFrom && event.data && triggerAt(` ${event.data.at(-1)}`) >= 0)
        typedAt = { composer, at: composedFrom.at + event.data.length - 1 };
      composedFrom = null;
      queueCheck();
    },
    true,
  );
  document.addEventListener('selectionchange', () => {
    const composer = composerAround(site, document.getSelection()?.focusNode ?? null);
    if (composer) rememberCaret(composer);
    if (picker) queueCheck();
  });
  // The first time the composer has the focus, the picker's pool (and the language) are fetched: `/` then opens from them at once.
  window.addEventListener(
    'focusin',
    (event) => {
      if (poolNow() || !composerAround(site, event.target instanceof Node ? event.target : null)) return;
      void refreshPool();
      void language();
    },
    true,
  );
  // A click outside closes; inside the picker it is the picker's.
  window.addEventListener('mousedown', (event) => picker && !picker.holds(event) && picker.close(), true);
  window.addEventListener('resize', () => picker?.close());

  chrome.runtime.onMessage.addListener((message: ToTab, _sender, reply: (answer: InsertAnswer) => void) => {
    if (message.kind === 'promptory:open-picker') {
      const found = composerAround(site, document.activeElement) ?? findComposer(site)?.composer;
      if (!found) return;
      focusAtCaret(found);
      const before = textBeforeCaret(found) ?? '';
      void open(found, '', before.length);
      return;
    }
    if (message.kind === 'promptory:handoff-ready') {
      void takeHandoff();
      return;
    }
    if (message.kind === 'promptory:insert') {
      void insertAndVerify(site, message.text).then(async (outcome) => {
        reply(outcome.ok ? { inserted: true, copied: false } : { inserted: false, copied: await fallBack(message.text, outcome) });
      });
      return true;
    }
  });

  void takeHandoff();

  /** A tab the extension opened to send a prompt: the text waits in the worker until the composer appears. */
  async function takeHandoff(): Promise<void> {
    const text = (await chrome.runtime.sendMessage({ kind: 'promptory:handoff' } satisfies ToWorker).catch(() => null)) as string | null;
    if (!text) return;
    const found = await composerAppears(site, 20_000);
    const outcome = found ? await insertAndVerify(site, text) : ({ ok: false, selector: null, reason: 'no-composer' } as const);
    if (!outcome.ok) await fallBack(text, outcome);
  }
}

/** Waits for the site to render its composer (single-page apps draw it late). */
function composerAppears(site: ChatSite, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    if (findComposer(site)) return resolve(true);
    const observer = new MutationObserver(() => {
      if (!findComposer(site)) return;
      observer.disconnect();
      clearTimeout(timer);
      resolve(true);
    });
    const timer = setTimeout(() => {
      observer.disconnect();
      resolve(false);
    }, timeoutMs);
    observer.observe(document.documentElement, { childList: true, subtree: true, attributes: true });
  });
}

/** The clipboard, from the page: the async API first, the editing command when the page refuses it. */
async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.documentElement.append(area);
    area.select();
    const done = document.execCommand('copy');
    area.remove();
    return done;
  }
}

const site = siteForHost(location.hostname);
if (site) start(site);
