import { createBrowserRouter, createPath, redirect, type RouteObject } from 'react-router';
import { isValidDeviceId, isValidPlanId } from '@fleetdeck/shared/app-routes';
import { registerInAppNavigator } from '../lib/navigate-to.ts';
import { browserFetch } from '../lib/api-client.ts';
import { authClient } from '../lib/auth/browser-auth.ts';
import { installAuthNavigation } from '../lib/auth/auth-navigation.ts';
import { routeRulesMiddleware } from './route-rules-middleware.ts';
import {
  guarded,
  lazyRoute,
  setPendingNavigationReader,
  validatedThenGuarded,
  type AppRouteHandle,
  type InvalidParamsExplanation,
} from './route-helpers.ts';
import { AppSkeleton, PageErrorBoundary, RootErrorBoundary, RootLayout } from './routes/root-route.tsx';
import { NotFoundRoute, ShellLayout } from './routes/shell-route.tsx';

const publicShell: AppRouteHandle = { shell: 'public' };
const loadHelp = () => import('./routes/help.tsx');

const INVALID_PLAN_ID: InvalidParamsExplanation = {
  title: 'No plan has this ID',
  hint: () => 'The link may be cut short or mistyped; find the plan in Change plans.',
};

const INVALID_DEVICE_ID: InvalidParamsExplanation = {
  title: 'No device has this ID',
  hint: ({ deviceID = '' }) =>
    `“${deviceID.length > 40 ? `${deviceID.slice(0, 40)}…` : deviceID}” is not a device ID: ` +
    'a Chromebook’s ID is 1 to 128 letters, digits, hyphens or underscores. ' +
    'The link may be cut short or mistyped; find the device in the fleet instead.',
};

/**
 * Fleetdeck's route table. Every page is its own lazily loaded chunk; guards and param
 * validation run as middleware before the chunk renders; route rules run at the root on
 * every navigation.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    middleware: [routeRulesMiddleware],
    Component: RootLayout,
    ErrorBoundary: RootErrorBoundary,
    HydrateFallback: AppSkeleton,
    children: [
      {
        id: 'shell',
        Component: ShellLayout,
        children: [
          {
            id: 'pages',
            ErrorBoundary: PageErrorBoundary,
            children: [
              { index: true, handle: publicShell, lazy: lazyRoute(() => import('./routes/landing.tsx')) },
              { path: 'login', handle: publicShell, lazy: lazyRoute(() => import('./routes/login.tsx')) },
              // Fleetdeck's own help: no guard, the shell follows the session.
              { path: 'help', lazy: lazyRoute(loadHelp) },
              {
                path: 'reset-password',
                handle: publicShell,
                lazy: lazyRoute(() => import('./routes/reset-password.tsx')),
              },
              guarded(['auth'], {
                path: 'invitations/accept',
                lazy: lazyRoute(() => import('./routes/accept-invitation.tsx')),
              }),
              guarded(['auth'], {
                path: 'onboarding',
                lazy: lazyRoute(() => import('./routes/onboarding.tsx')),
              }),
              guarded(['auth'], {
                path: 'dashboard',
                lazy: lazyRoute(() => import('./routes/dashboard.tsx')),
              }),
              guarded(['auth'], {
                path: 'debugPolicy',
                lazy: lazyRoute(() => import('./routes/debug-policy.tsx')),
              }),
              {
                path: 'devices',
                children: [
                  guarded(['auth'], {
                    path: 'fleetStatus',
                    handle: { width: 'full' } satisfies AppRouteHandle,
                    lazy: lazyRoute(() => import('./routes/fleet-status.tsx')),
                  }),
                  // The device ID is validated before the auth guard runs (seed §2).
                  validatedThenGuarded(
                    (params) => isValidDeviceId(params.deviceID),
                    ['auth'],
                    { path: 'chromebook/:deviceID', lazy: lazyRoute(() => import('./routes/device.tsx')) },
                    INVALID_DEVICE_ID,
                  ),
                ],
              },
              {
                path: 'plans',
                children: [
                  guarded(['auth'], { index: true, lazy: lazyRoute(() => import('./routes/plans.tsx')) }),
                  guarded(['auth'], {
                    path: 'new/csv',
                    lazy: lazyRoute(() => import('./routes/plan-new-csv.tsx')),
                  }),
                  guarded(['auth'], {
                    path: 'new/rollover',
                    lazy: lazyRoute(() => import('./routes/plan-new-rollover.tsx')),
                  }),
                  validatedThenGuarded(
                    (params) => isValidPlanId(params.planId),
                    ['auth'],
                    { path: ':planId', lazy: lazyRoute(() => import('./routes/plan.tsx')) },
                    INVALID_PLAN_ID,
                  ),
                ],
              },
              guarded(['auth'], {
                path: 'settings',
                lazy: lazyRoute(() => import('./routes/settings.tsx')),
                children: [
                  { index: true, loader: () => redirect('/settings/team') },
                  { path: 'team', lazy: lazyRoute(() => import('./routes/settings-team.tsx')) },
                  { path: 'security', lazy: lazyRoute(() => import('./routes/settings-security.tsx')) },
                  { path: 'google', lazy: lazyRoute(() => import('./routes/settings-google.tsx')) },
                  { path: 'sync', lazy: lazyRoute(() => import('./routes/settings-sync.tsx')) },
                  { path: 'audit', lazy: lazyRoute(() => import('./routes/settings-audit.tsx')) },
                  {
                    path: 'api-tokens',
                    lazy: lazyRoute(() => import('./routes/settings-api-tokens.tsx')),
                  },
                ],
              }),
              { path: '*', Component: NotFoundRoute },
            ],
          },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);

// Fleetdeck's help is part of the app and must open without the network: its page is fetched
// once the app is idle, so Help works after the connection drops (a failure is retried on use).
const prefetchHelp = () => void loadHelp().catch(() => undefined);
if (typeof window.requestIdleCallback === 'function')
  window.requestIdleCallback(prefetchHelp, { timeout: 5_000 });
else window.setTimeout(prefetchHelp, 2_000);

registerInAppNavigator((path, { replace }) => router.navigate(path, { replace }));
setPendingNavigationReader(() => {
  const pending = router.state.navigation.location;
  return pending ? createPath(pending) : null;
});

installAuthNavigation({
  client: authClient,
  fetch: browserFetch,
  storage: window.localStorage,
  tabStorage: window.sessionStorage,
  navigate: (path) => void router.navigate(path, { replace: true }),
  currentPath: () => router.state.location.pathname,
  logError: (message, error) => console.error(message, error),
});
void authClient.initialize();
authClient.startAutoRefresh();
