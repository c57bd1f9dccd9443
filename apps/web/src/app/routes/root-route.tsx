import { Outlet, ScrollRestoration, isRouteErrorResponse, useRouteError } from 'react-router';
import { NavigationProgress } from '../../components/layout/navigation-progress.tsx';
import { UpdateBanner } from '../../components/layout/update-banner.tsx';
import { ErrorPage } from '../../components/errors/error-page.tsx';
import { describeError } from '../../components/errors/describe-error.ts';
import { Logo } from '../../components/brand/logo.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { isBot } from '../../lib/bot-detection.ts';
import { ChunkLoadError } from '../../lib/chunk-reload.ts';
import { useAuthSession } from '../../lib/auth/use-auth-session.ts';
import { InvalidAddressInShell } from './shell-route.tsx';
import { isInvalidParamsData } from '../route-helpers.ts';

/** Root of every page: progress bar, the page, the new-version banner, scroll restoration. */
export function RootLayout() {
  return (
    <>
      <NavigationProgress />
      <Outlet />
      <UpdateBanner />
      <ScrollRestoration />
    </>
  );
}

/**
 * Anything no page handled ends here: the full-screen error page (404 or generic variant). A
 * member's invalid address (params that fail validation; React Router sends a middleware's error
 * to the root when no loader runs) is the app's own 404 inside the shell instead.
 */
export function RootErrorBoundary() {
  const error = useRouteError();
  const { ready, session } = useAuthSession();
  const invalid = isRouteErrorResponse(error) && isInvalidParamsData(error.data) ? error.data : null;
  // Validation runs before the auth guard, so who is asking may not be known yet.
  if (invalid && !ready) return <AppSkeleton />;
  if (invalid && session) return <InvalidAddressInShell {...invalid} />;
  return <ErrorPage error={describeError(error)} />;
}

/**
 * Sits between the shell and the pages. A render error in a page is shown on the full error
 * page (rethrown to the root), except for crawlers: for them it is only logged (RouterProvider
 * onError reports it) and the shell stays, without the broken region.
 */
export function PageErrorBoundary() {
  const error = useRouteError();
  if (isBot(navigator.userAgent) && isRenderError(error)) return null;
  throw error;
}

function isRenderError(error: unknown): boolean {
  return !(isRouteErrorResponse(error) || error instanceof Response || error instanceof ChunkLoadError);
}

/** Shown while the first page's chunk loads: the shell's outline, so nothing jumps. */
export function AppSkeleton() {
  return (
    <div className="flex min-h-dvh flex-col" aria-busy="true" aria-label="Loading Fleetdeck">
      <div className="border-b border-border bg-surface">
        <div className="mx-auto flex h-14 max-w-[90rem] items-center gap-4 px-3 sm:px-5">
          <Logo />
          <Skeleton className="hidden h-5 w-72 md:block" />
        </div>
      </div>
      <div className="mx-auto w-full max-w-[90rem] px-4 py-8 sm:px-6">
        <Skeleton className="h-7 w-56" />
        <Skeleton className="mt-3 h-4 w-96 max-w-full" />
        <Skeleton className="mt-8 h-48 w-full" />
      </div>
    </div>
  );
}
