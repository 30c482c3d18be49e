import { useState } from 'react';
import { Icon } from '../ui/Icon';
import { useHydrated } from '../ui/hooks';
import { Button, buttonClass } from '../ui/Button';
import type { CategoryKey, Resources } from '../i18n/keys';
import { translator, type Strings } from '../shared/strings';
import type { ScopeOf } from '../shared/string-specs';

type SortKey = `sort.${keyof Resources['prompts']['sort']}`;

export interface SearchBarProps {
  action: string;
  /** Hidden fields kept on submit (e.g. the current tab). */
  hidden?: Record<string, string>;
  q: string;
  category: string;
  sort: string;
  /** Category choices after "All Categories": slug and the category's own name (shown when it has no translation). */
  categories: [string, string][];
  /** Sort choices in order; '' is the default: "no sort" (community) unless `defaultSortLabel` names it. */
  sorts: readonly string[];
  /** What the '' sort is called: browse's default (Relevance with a query, Most Popular without). */
  defaultSortLabel?: 'none' | 'relevance' | 'popular';
  resetHref: string;
  idPrefix: string;
  /** Home page: a plain form to /prompts, no in-place swapping. */
  standalone?: boolean;
  /** `STRING_SPECS.search`. */
  strings: Strings<ScopeOf<'search'>>;
}

/**
 * The search bar: a text box with a Search submit; a Filters toggle
 * revealing a category select and a sort select; Reset Filters. A plain GET form: it works
 * without JavaScript (the panel is then always open); the LiveList island turns its submits
 * into in-place swaps. Hydrated, the Filters button toggles the panel (open from the start
 * when a filter is active).
 */
export default function SearchBar({
  action,
  hidden = {},
  q,
  category,
  sort,
  categories,
  sorts,
  defaultSortLabel = 'none',
  resetHref,
  idPrefix,
  standalone = false,
  strings,
}: SearchBarProps) {
  const t = translator(strings);
  const defaultSort = sorts[0] ?? '';
  const active = Boolean(category) || sort !== defaultSort;
  const [open, setOpen] = useState(active);
  // Until the island runs, the toggle cannot open the panel: say so rather than drop a click
  // (a swapped-in search bar hydrates a moment after it appears).
  const hydrated = useHydrated();
  const live = standalone ? undefined : '';
  const panelId = `${idPrefix}-filters`;
  return (
    <form method="get" action={action} role="search" aria-label={t('search.label')} className="w-full" data-live-form={live} data-testid="search-form">
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="flex flex-col gap-2 sm:flex-row">
        <div className="relative flex-1">
          <label htmlFor={`${idPrefix}-q`} className="sr-only">
            {t('search.label')}
          </label>
          <Icon name="search" size={18} className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-muted-foreground" />
          {/* Plain <input> and <select> with the kit's `input` class: this bar is on every list page, where the Input and Select chunks would only add JS. */}
          <input
            id={`${idPrefix}-q`}
            name="q"
            type="search"
            defaultValue={q}
            maxLength={200}
            autoComplete="off"
            enterKeyHint="search"
            placeholder={t('search.placeholder')}
            className="input h-11 pl-10 text-base sm:text-sm"
            data-live-input={live}
          />
        </div>
        <div className="flex gap-2">
          <Button type="submit" variant="primary" className="h-11 flex-1 sm:flex-none">
            <Icon name="search" size={16} className="sm:hidden" />
            {t('search.submit')}
          </Button>
          <Button
            variant="outline"
            className="js-only h-11 flex-1 sm:flex-none"
            aria-expanded={open}
            aria-controls={panelId}
            aria-disabled={hydrated ? undefined : true}
            data-filters-toggle=""
            onClick={() => {
              setOpen(!open);
              if (!open) requestAnimationFrame(() => document.getElementById(`${idPrefix}-category`)?.focus());
            }}
          >
            <Icon name="sliders" size={16} />
            {t('search.filters')}
            {active && <span className="size-2 rounded-full bg-primary dark:bg-link" aria-hidden="true" />}
          </Button>
        </div>
      </div>
      <div
        id={panelId}
        className={`filters-panel mt-3 grid gap-3 rounded-xl border border-border bg-surface p-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end${open ? ' open' : ''}`}
        data-filters-panel=""
      >
        <FilterSelect
          id={`${idPrefix}-category`}
          name="category"
          label={t('search.category')}
          value={category}
          live={live}
          options={[
            ['', t('categories.all')],
            ...categories.map(([slug, name]) => [slug, t(`prompts:categories.${slug}` as CategoryKey, { defaultValue: name })] as const),
          ]}
        />
        <FilterSelect
          id={`${idPrefix}-sort`}
          name="sort"
          label={t('search.sort')}
          value={sort}
          live={live}
          defaultValue={defaultSort}
          options={sorts.map((value) => [value, t(`sort.${value || defaultSortLabel}` as SortKey)] as const)}
        />
        <a href={resetHref} className={buttonClass({ variant: 'ghost', className: 'h-10' })} data-live-link={live} data-testid="reset-filters">
          <Icon name="rotate-ccw" size={15} />
          {t('search.reset')}
        </a>
      </div>
    </form>
  );
}

/** One filter of the panel: its label and a select the live list reads (`data-default`: the value that needs no parameter). */
function FilterSelect({
  id,
  name,
  label,
  value,
  live,
  defaultValue,
  options,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  live: string | undefined;
  defaultValue?: string;
  options: readonly (readonly [string, string])[];
}) {
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-xs font-medium text-muted-foreground">
        {label}
      </label>
      <select id={id} name={name} className="input" defaultValue={value} data-live-select={live} data-default={defaultValue}>
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
    </div>
  );
}
