import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { House, LayoutDashboard, Laptop, LogIn, SearchX, type LucideIcon } from 'lucide-react';
import { Badge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';

/**
 * The non-fatal `Page not found` shown inside the shell for unmatched paths: navigation stays
 * usable, so the admin can carry on from where they are; a signed-out visitor is offered sign-in.
 */
export function NotFoundPanel({ pathname, signedIn = true }: { pathname: string; signedIn?: boolean }) {
  return (
    <Frame documentTitle="Page not found · Fleetdeck" heading="Page not found">
      <p className="mt-3 text-sm leading-relaxed text-muted-foreground">
        Fleetdeck has no page at{' '}
        <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs text-foreground">{pathname}</code>.
        The link may be out of date, or the address mistyped. Pick up from one of these instead:
      </p>
      <Ways ways={signedIn ? SIGNED_IN_WAYS : SIGNED_OUT_WAYS} />
    </Frame>
  );
}

/**
 * A member's 404 for an address whose params fail validation (an invalid device ID): inside the
 * shell, the seed's `Page Not Found: <path>` once, under a heading that says what is wrong.
 */
export function InvalidAddressPanel({
  title,
  message,
  hint,
}: {
  title: string;
  message: string;
  hint: string;
}) {
  return (
    <Frame documentTitle="Page Not Found · Fleetdeck" heading={title}>
      <p className="mt-4 max-w-full rounded-md border border-border bg-surface px-3 py-2 font-mono text-sm break-all text-foreground">
        {message}
      </p>
      <p className="mt-3 text-sm leading-relaxed break-words text-muted-foreground">{hint}</p>
      <Ways ways={INVALID_ADDRESS_WAYS} />
    </Frame>
  );
}

function Frame({
  documentTitle,
  heading,
  children,
}: {
  documentTitle: string;
  heading: string;
  children: ReactNode;
}) {
  return (
    <div
      className="mx-auto flex max-w-lg flex-col items-center py-16 text-center"
      data-testid="not-found-panel"
    >
      <title>{documentTitle}</title>
      <div className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <SearchX className="size-6" aria-hidden="true" />
      </div>
      <Badge className="mt-5" aria-label="Status 404">
        404
      </Badge>
      <h1 className="mt-3 text-2xl font-semibold tracking-tight text-balance">{heading}</h1>
      {children}
    </div>
  );
}

interface Way {
  readonly to: string;
  readonly label: string;
  readonly icon: LucideIcon;
}

/** Where a visitor can pick up from: the first link is the main one. */
const SIGNED_OUT_WAYS: readonly Way[] = [
  { to: '/login', label: 'Sign in', icon: LogIn },
  { to: '/', label: 'Fleetdeck home', icon: House },
];
const DASHBOARD: Way = { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard };
const FLEET: Way = { to: '/devices/fleetStatus', label: 'Fleet status', icon: Laptop };
const SIGNED_IN_WAYS: readonly Way[] = [DASHBOARD, FLEET];
/** A mistyped device link is best answered by the fleet's search. */
const INVALID_ADDRESS_WAYS: readonly Way[] = [FLEET, DASHBOARD];

function Ways({ ways }: { ways: readonly Way[] }) {
  return (
    <div className="mt-6 flex flex-wrap justify-center gap-3">
      {ways.map(({ to, label, icon: Icon }, index) => (
        <Button key={to} asChild variant={index === 0 ? 'primary' : 'secondary'}>
          <Link to={to}>
            <Icon aria-hidden="true" />
            {label}
          </Link>
        </Button>
      ))}
    </div>
  );
}
