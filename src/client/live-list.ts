/**
 * htmx-style list updates for /prompts and /community (started by the LiveList island). The
 * page's [data-live-root] names its fragment route (data-fragment). Tab links, the search
 * form, select changes, typing (debounced), Reset Filters and "Load more" fetch the
 * server-rendered fragment for the new URL and swap it in, with the page's skeleton
 * placeholders shown while waiting; the address bar follows (history), Back/Forward restore.
 * Any failure falls back to a normal page load. Islands inside a swapped-in fragment
 * (card actions, the search bar) hydrate by themselves when they enter the document.
 */
/** Dispatched on `window` to reload the live list in place. */
export const LIST_REFRESH_EVENT = 'promptory:list-refresh';

export function startLiveList(root: HTMLElement, status: HTMLElement): void {
  const fragmentPath = root.dataset.fragment!;
  const skeleton = document.querySelector<HTMLTemplateElement>('template[data-skeleton]');

  let controller: AbortController | null = null;
  let typingTimer: ReturnType<typeof setTimeout> | undefined;

  const fragmentUrl = (pageUrl: URL, extra: Record<string, string> = {}) => {
    const url = new URL(fragmentPath, location.origin);
    url.search = pageUrl.search;
    for (const [k, v] of Object.entries(extra)) url.searchParams.set(k, v);
    return url;
  };

  const parse = (html: string) => {
    const template = document.createElement('template');
    template.innerHTML = html;
    return template.content;
  };

  async function fetchHtml(url: URL, signal: AbortSignal): Promise<DocumentFragment> {
    const response = await fetch(url, { signal, headers: { accept: 'text/html' }, credentials: 'same-origin' });
    if (!response.ok) throw new Error(`${response.status}: ${response.statusText}`);
    return parse(await response.text());
  }

  type Scope = 'section' | 'results';

  async function load(pageUrl: URL, options: { scope: Scope; history: 'push' | 'replace' | 'none'; focusTab?: string }) {
    controller?.abort();
    const current = new AbortController();
    controller = current;
    const results = root.querySelector<HTMLElement>('[data-results]');
    root.setAttribute('aria-busy', 'true');
    // Placeholders (6 on browse and community) once the wait is noticeable.
    const showSkeleton = setTimeout(() => {
      if (results && skeleton) results.replaceChildren(skeleton.content.cloneNode(true));
    }, 120);
    try {
      const fragment = await fetchHtml(fragmentUrl(pageUrl), current.signal);
      clearTimeout(showSkeleton);
      if (options.scope === 'section' || !results) {
        root.replaceChildren(fragment);
      } else {
        const fresh = fragment.querySelector('[data-results]');
        if (!fresh) throw new Error('Fragment without results');
        results.replaceChildren(...fresh.childNodes);
      }
      if (options.history === 'push') history.pushState({ live: true }, '', pageUrl);
      if (options.history === 'replace') history.replaceState({ live: true }, '', pageUrl);
      status.textContent = root.querySelector('[data-results-summary]')?.textContent ?? '';
      if (options.focusTab) root.querySelector<HTMLElement>(`[data-tab="${options.focusTab}"]`)?.focus();
    } catch (error) {
      clearTimeout(showSkeleton);
      if ((error as { name?: string }).name === 'AbortError') return;
      console.error(error);
      location.assign(pageUrl);
    } finally {
      if (controller === current) root.removeAttribute('aria-busy');
    }
  }

  async function loadMore(link: HTMLAnchorElement) {
    const pageUrl = new URL(link.href);
    link.setAttribute('aria-busy', 'true');
    link.classList.add('opacity-60');
    try {
      const fragment = await fetchHtml(fragmentUrl(pageUrl, { append: '1' }), new AbortController().signal);
      const grid = root.querySelector('[data-grid]');
      const more = root.querySelector('[data-more]');
      const cards = fragment.querySelector('[data-append-cards]');
      if (!grid || !more || !cards) throw new Error('Unexpected fragment');
      const first = cards.firstElementChild;
      grid.append(...cards.childNodes);
      more.replaceChildren(...(fragment.querySelector('[data-append-more]')?.childNodes ?? []));
      history.replaceState({ live: true }, '', pageUrl);
      first?.querySelector<HTMLElement>('h2 a, h3 a')?.focus();
    } catch (error) {
      console.error(error);
      location.assign(pageUrl);
    }
  }

  function formUrl(form: HTMLFormElement): URL {
    const url = new URL(form.action, location.origin);
    for (const [name, value] of new FormData(form)) {
      if (typeof value !== 'string' || value.trim() === '') continue;
      // Leave defaults out of the address (e.g. sort=popular on /prompts).
      const field = form.elements.namedItem(name);
      if (field instanceof HTMLSelectElement && field.dataset.default === value) continue;
      url.searchParams.set(name, value.trim());
    }
    return url;
  }

  root.addEventListener('click', (event) => {
    const mouse = event as MouseEvent;
    if (event.defaultPrevented || mouse.button > 0 || mouse.metaKey || mouse.ctrlKey || mouse.shiftKey || mouse.altKey) return;
    const target = event.target as Element;
    const more = target.closest<HTMLAnchorElement>('a[data-load-more]');
    if (more) {
      event.preventDefault();
      void loadMore(more);
      return;
    }
    const link = target.closest<HTMLAnchorElement>('a[data-live-link]');
    if (link) {
      event.preventDefault();
      void load(new URL(link.href), { scope: 'section', history: 'push', focusTab: link.dataset.tab });
      return;
    }
  });

  root.addEventListener('submit', (event) => {
    const form = (event.target as Element).closest<HTMLFormElement>('form[data-live-form]');
    if (!form) return;
    event.preventDefault();
    clearTimeout(typingTimer);
    const url = formUrl(form);
    if (url.search === location.search && url.pathname === location.pathname) return;
    void load(url, { scope: 'results', history: 'push' });
  });

  root.addEventListener('change', (event) => {
    const select = (event.target as Element).closest<HTMLSelectElement>('select[data-live-select]');
    select?.form?.requestSubmit();
  });

  root.addEventListener('input', (event) => {
    const input = (event.target as Element).closest<HTMLInputElement>('input[data-live-input]');
    if (!input?.form) return;
    const form = input.form;
    clearTimeout(typingTimer);
    typingTimer = setTimeout(() => {
      const url = formUrl(form);
      if (url.search !== location.search) void load(url, { scope: 'results', history: 'replace' });
    }, 350);
  });

  // A change elsewhere on the page (e.g. a submitted prompt) asks for the list again.
  window.addEventListener(LIST_REFRESH_EVENT, () => void load(new URL(location.href), { scope: 'section', history: 'none' }));

  window.addEventListener('popstate', () => {
    void load(new URL(location.href), { scope: 'section', history: 'none' });
  });
}
