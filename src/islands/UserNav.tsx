import type { Language } from '../i18n/languages';
import { $currentUser } from '../client/current-user';
import { logout } from '../client/session';
import { Avatar } from '../ui/Avatar';
import { Icon, type IconName } from '../ui/Icon';
import { Menu } from '../ui/Menu';
import { useHydratedStore } from '../ui/hooks';
import { LanguageChoices } from './LanguageMenu';
import { buttonClass } from '../ui/Button';
import { translator, type Strings, type T } from '../shared/strings';
import type { ScopeOf } from '../shared/string-specs';
import { signInHref } from '../shared/return-to';

/** `STRING_SPECS.nav`: the bar's islands share one object. */
type NavStrings = Strings<ScopeOf<'nav'>>;
type NavT = T<ScopeOf<'nav'>>;

/** A main link of the bar (Home, Prompts, Community, Extension): its label is `site:nav.<name>`. */
export interface NavLink {
  href: string;
  name: 'home' | 'prompts' | 'community' | 'extension';
  active: boolean;
}

/** Links only a signed-in user has (Dashboard, Profile, My Collections). */
function userLinks(t: NavT): { href: string; label: string; icon: IconName }[] {
  return [
    { href: '/dashboard', label: t('nav.dashboard'), icon: 'dashboard' },
    { href: '/dashboard/profile', label: t('user.profile'), icon: 'user' },
    { href: '/dashboard/collections', label: t('user.collections'), icon: 'folder' },
  ];
}

function linkClass(active: boolean, mobile: boolean) {
  if (mobile) return `block rounded-lg px-3 py-2.5 text-base font-medium ${active ? 'bg-muted text-foreground' : 'text-foreground hover:bg-muted'}`;
  return `rounded-lg px-3 py-2 text-sm font-medium transition-colors ${
    active ? 'bg-muted text-foreground' : 'text-muted-foreground hover:bg-muted/70 hover:text-foreground'
  }`;
}

/** The Dashboard entry of the main links, for signed-in users only. */
export function DashboardLink({ strings, active }: { strings: NavStrings; active: boolean }) {
  const user = useHydratedStore($currentUser, undefined);
  if (!user) return null;
  const t = translator(strings);
  return (
    <a href="/dashboard" aria-current={active ? 'page' : undefined} className={`ml-1 ${linkClass(active, false)}`}>
      {t('nav.dashboard')}
    </a>
  );
}

/**
 * The personal end of the navigation bar: the avatar menu (name, email, Dashboard, Profile,
 * Logout) for a signed-in user, Sign In / Sign Up for a visitor. The page is the same for
 * everyone; this island fills it in from `$currentUser`. Without JavaScript visitors see the
 * sign-in links; until the first answer nothing is shown, so no one sees the wrong state.
 */
export default function UserNav({ strings, returnTo }: { strings: NavStrings; returnTo: string }) {
  const t = translator(strings);
  const user = useHydratedStore($currentUser, undefined);
  if (user === undefined) {
    return (
      <div className="no-js-only hidden items-center gap-2 md:flex">
        <SignInLinks t={t} returnTo={returnTo} />
      </div>
    );
  }
  if (!user) {
    return (
      <div className="hidden items-center gap-2 md:flex">
        <SignInLinks t={t} returnTo={returnTo} />
      </div>
    );
  }
  return (
    <Menu
      className="relative hidden md:block"
      summaryProps={{
        className: 'flex items-center gap-2 rounded-full p-0.5 ring-offset-2 ring-offset-background hover:ring-2 hover:ring-border',
        'aria-label': t('user.menu', { name: user.name }),
        'data-testid': 'user-menu',
      }}
      summary={<Avatar name={user.name} src={user.avatarUrl} size="sm" />}
    >
      <div className="card absolute right-0 mt-2 w-64 p-1.5 shadow-xl">
        <div className="border-b border-border px-3 py-2.5">
          <p className="truncate text-sm font-semibold">{user.name}</p>
          <p className="truncate text-xs text-muted-foreground">{user.email}</p>
        </div>
        <ul className="py-1">
          {userLinks(t).map((link) => (
            <li key={link.href}>
              <a href={link.href} className="flex items-center gap-2.5 rounded-lg px-3 py-2 text-sm hover:bg-muted">
                <Icon name={link.icon} className="text-muted-foreground" />
                {link.label}
              </a>
            </li>
          ))}
        </ul>
        <div className="border-t border-border pt-1">
          <LogoutButton label={t('user.logout')} className="flex w-full items-center gap-2.5 rounded-lg px-3 py-2 text-left text-sm hover:bg-muted" />
        </div>
      </div>
    </Menu>
  );
}

/**
 * Sign In and Sign Up carry `next`, the page they were clicked on, so signing in returns there.
 * The server renders the page's own path (before hydration, without JavaScript); a click
 * takes the address at that moment, since a list may have moved its query in place since.
 */
function SignInLinks({ t, returnTo, mobile = false }: { t: NavT; returnTo: string; mobile?: boolean }) {
  const here = (tab?: 'register') => (event: { currentTarget: HTMLAnchorElement }) => {
    event.currentTarget.href = signInHref(`${location.pathname}${location.search}`, tab);
  };
  return (
    <>
      <a
        href={signInHref(returnTo)}
        onClick={here()}
        className={mobile ? buttonClass({ variant: 'outline' }) : buttonClass({ variant: 'ghost', size: 'sm' })}
        data-testid={mobile ? 'nav-sign-in-mobile' : 'nav-sign-in'}
      >
        {t('nav.signIn')}
      </a>
      <a href={signInHref(returnTo, 'register')} onClick={here('register')} className={buttonClass({ variant: 'primary', size: mobile ? 'md' : 'sm' })}>
        {t('nav.signUp')}
      </a>
    </>
  );
}

function LogoutButton({ label, className }: { label: string; className: string }) {
  return (
    <button type="button" data-logout="" className={className} onClick={() => void logout()}>
      <Icon name="log-out" className="text-muted-foreground" />
      {label}
    </button>
  );
}

/** Below `md`: the collapsible menu with the same entries. */
export function MobileMenu({
  strings,
  links,
  lng,
  languageHrefs,
  returnTo,
}: {
  strings: NavStrings;
  links: NavLink[];
  lng: Language;
  languageHrefs: Record<Language, string>;
  /** The page's own path and query: where Sign In returns to. */
  returnTo: string;
}) {
  const t = translator(strings);
  const user = useHydratedStore($currentUser, undefined);
  return (
    <Menu
      className="lg:hidden"
      data-mobile-menu=""
      summaryProps={{ className: buttonClass({ variant: 'icon' }), 'aria-label': t('nav.openMenu'), 'data-testid': 'mobile-menu-button' }}
      summary={
        <>
          <Icon name="menu" size={20} className="menu-open-icon" />
          <Icon name="x" size={20} className="menu-close-icon" />
        </>
      }
    >
      <div className="absolute inset-x-0 top-16 max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-border bg-background px-4 pt-3 pb-5 shadow-lg">
        {user && (
          <div className="mb-3 flex items-center gap-3 rounded-xl bg-muted px-3 py-3">
            <Avatar name={user.name} src={user.avatarUrl} size="md" />
            <div className="min-w-0">
              <p className="truncate text-sm font-semibold">{user.name}</p>
              <p className="truncate text-xs text-muted-foreground">{user.email}</p>
            </div>
          </div>
        )}
        <ul className="grid gap-1">
          {links.map((link) => (
            <li key={link.href}>
              <a href={link.href} aria-current={link.active ? 'page' : undefined} className={linkClass(link.active, true)}>
                {t(`nav.${link.name}`)}
              </a>
            </li>
          ))}
          {user &&
            userLinks(t).map((link) => (
              <li key={link.href}>
                <a href={link.href} className={linkClass(false, true)}>
                  {link.label}
                </a>
              </li>
            ))}
        </ul>
        <div className="mt-3 border-t border-border pt-3">
          <LanguageChoices id="mobile" lng={lng} hrefs={languageHrefs} strings={strings} inline />
        </div>
        <div className="mt-3 grid gap-2">
          <a href="/extension" className={buttonClass({ variant: 'outline', className: 'w-full' })}>
            <Icon name="download" size={15} />
            {t('nav.install')}
          </a>
          {user ? (
            <LogoutButton label={t('user.logout')} className={buttonClass({ variant: 'ghost', className: 'w-full' })} />
          ) : (
            <div className={`grid grid-cols-2 gap-2 ${user === undefined ? 'no-js-only' : ''}`}>
              <SignInLinks t={t} returnTo={returnTo} mobile />
            </div>
          )}
        </div>
      </div>
    </Menu>
  );
}
