import { $currentUser } from '../../client/current-user';
import { useT, withStrings } from '../../client/strings';
import type { ScopeOf } from '../../shared/string-specs';
import type { Strings } from '../../shared/strings';
import { Icon } from '../../ui/Icon';
import { linkTabClass } from '../../ui/LinkTabs';
import { useHydratedStore } from '../../ui/hooks';

/**
 * The browse page's Bookmarks tab, for signed-in users only. The page is
 * the same cached HTML for everyone, so the tab appears here, from `$currentUser`.
 */
export default withStrings(BookmarksTab);

function BookmarksTab({ href, current }: { strings: Strings<ScopeOf<'bookmarksTab'>>; href: string; current: boolean }) {
  const t = useT<ScopeOf<'bookmarksTab'>>();
  const user = useHydratedStore($currentUser, undefined);
  if (!user && !current) return null;
  return (
    <ul className="flex">
      <li>
        <a href={href} data-live-link="" data-tab="favorites" aria-current={current ? 'page' : undefined} className={linkTabClass(current)}>
          <Icon name="bookmark" size={15} />
          {t('tabs.favorites')}
        </a>
      </li>
    </ul>
  );
}
