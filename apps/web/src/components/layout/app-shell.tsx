import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CircleQuestionMark } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { Button } from '../ui/button.tsx';
import { Logo } from '../brand/logo.tsx';
import { GoogleAccessBanner } from './google-access-banner.tsx';
import { MobileNav } from './mobile-nav.tsx';
import { NavLinks } from './primary-nav.tsx';
import { PRIMARY_NAV, SETTINGS_NAV } from './nav-items.ts';
import { ThemeMenu } from './theme-menu.tsx';

interface AppShellProps {
  /** `public` (landing, sign-in) shows only the brand, theme and account slot. */
  readonly variant: 'app' | 'public';
  /** The signed-in user's menu, or a sign-in link; composed by the app. */
  readonly userMenu: ReactNode;
  /** `full` drops the reading width cap, for pages of wide tables. */
  readonly width?: 'default' | 'full';
  readonly children: ReactNode;
}

/**
 * Fleetdeck's frame: top bar (brand, primary navigation, theme, account) over the page.
 * At 390 px the navigation collapses into a sheet; the content area keeps the full width.
 */
export function AppShell({ variant, width = 'default', userMenu, children }: AppShellProps) {
  const app = variant === 'app';
  const cap = width === 'full' ? 'max-w-none' : 'max-w-[90rem]';
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-surface px-3 py-2 text-sm font-medium focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-30 border-b border-border bg-surface/90 backdrop-blur supports-[backdrop-filter]:bg-surface/75">
        <div className={cn('mx-auto flex h-14 items-center gap-2 px-3 sm:px-5', cap)}>
          {app ? <MobileNav /> : null}
          <Link to={app ? '/dashboard' : '/'} className="mr-2 rounded-md" aria-label="Fleetdeck home">
            <Logo />
          </Link>
          {app ? (
            <nav aria-label="Primary" className="hidden md:block">
              <NavLinks items={PRIMARY_NAV} />
            </nav>
          ) : null}
          <div className="ml-auto flex items-center gap-1">
            {app ? (
              <nav aria-label="Settings" className="hidden md:block">
                <NavLinks items={[SETTINGS_NAV]} />
              </nav>
            ) : null}
            <Button asChild variant="ghost" size="icon">
              {/* Fleetdeck's own help, part of the app (it links Google's guide in turn). */}
              <Link to="/help" aria-label="Help" title="Help">
                <CircleQuestionMark aria-hidden="true" />
              </Link>
            </Button>
            <ThemeMenu />
            <div className="ml-1 flex items-center" data-slot="user-menu">
              {userMenu}
            </div>
          </div>
        </div>
      </header>
      {app ? <GoogleAccessBanner /> : null}
      <main
        id="main"
        tabIndex={-1}
        className={cn('mx-auto w-full flex-1 px-4 py-6 focus:outline-none sm:px-6 sm:py-8', cap)}
        data-width={width}
      >
        {children}
      </main>
    </div>
  );
}
