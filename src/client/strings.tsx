import { createContext, useContext, useMemo, type ComponentType, type ReactNode } from 'react';
import { translator, type Scope, type Strings, type T } from '../shared/strings';

/**
 * Islands read their strings from the `strings` prop the server gave them (a `Strings`
 * bundle, src/shared/strings.ts): the same object renders on the server and hydrates in the
 * browser. `StringsProvider` lets the components below an island's root use `useT()` instead
 * of passing the bundle down.
 */
const Context = /* @__PURE__ */ createContext<T<Scope> | null>(null);

export function StringsProvider<S extends Scope>({ strings, children }: { strings: Strings<S>; children: ReactNode }) {
  const t = useMemo(() => translator(strings), [strings]);
  return <Context.Provider value={t as T<Scope>}>{children}</Context.Provider>;
}

/** The `t` of the nearest `StringsProvider`, with its scope's keys as its type. */
export function useT<S extends Scope>(): T<S> {
  const t = useContext(Context);
  if (!t) throw new Error('useT() outside a StringsProvider: give the island its strings');
  return t as unknown as T<S>;
}

/** An island whose whole body reads one bundle: the body gets the island's props. */
export function withStrings<S extends Scope, P extends { strings: Strings<S> }>(Body: ComponentType<P>) {
  return function IslandWithStrings(props: P) {
    return (
      <StringsProvider strings={props.strings}>
        <Body {...props} />
      </StringsProvider>
    );
  };
}

let pageStrings: T<'common:'> | undefined;

/**
 * The page's own bundle (`STRING_SPECS.page`, rendered once by the layout as a JSON block)
 * for text only the browser shows: toasts and dialogs opened by a click.
 */
export function pageT(): T<'common:'> {
  if (pageStrings) return pageStrings;
  let strings: Strings<'common:'> = { lng: 'en', scope: 'common:', text: {} };
  try {
    strings = JSON.parse(document.getElementById('promptory-strings')?.textContent ?? '') as Strings<'common:'>;
  } catch {
    /* a page without the block (an error page) shows keys rather than failing */
  }
  pageStrings = translator(strings);
  return pageStrings;
}
