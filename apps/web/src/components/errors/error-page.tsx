import { Link } from 'react-router';
import { House, LayoutDashboard, RefreshCw } from 'lucide-react';
import { Button } from '../ui/button.tsx';
import { Logo } from '../brand/logo.tsx';
import type { ErrorView } from './describe-error.ts';
import { Reference } from './error-reference.tsx';

/**
 * The built-in full-screen error page (it replaces the shell). Two variants: not-found (404)
 * and generic (any other status); both show status code, title, message and what to do next.
 */
export function ErrorPage({ error }: { error: ErrorView }) {
  const notFound = error.variant === 'not-found';
  return (
    <div className="flex min-h-dvh flex-col bg-background" data-error-variant={error.variant}>
      <title>{`${error.title} · Fleetdeck`}</title>
      <header className="px-6 py-5">
        <Link to="/" className="inline-flex rounded-md" aria-label="Fleetdeck home">
          <Logo />
        </Link>
      </header>
      <main className="flex flex-1 items-start justify-center px-6 pt-[12vh] pb-16">
        <div className="w-full max-w-xl">
          <p
            className="font-mono text-sm font-semibold tracking-wider text-accent"
            aria-label={`Status code ${error.status}`}
          >
            Error {error.status}
          </p>
          <h1 className="mt-2 text-3xl font-semibold tracking-tight text-balance sm:text-4xl">
            {error.title}
          </h1>
          <p className="mt-4 rounded-md border border-border bg-surface px-3 py-2 font-mono text-sm break-words text-foreground">
            {error.message}
          </p>
          <p className="mt-4 text-base leading-relaxed text-pretty text-muted-foreground">
            {error.description}
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            {notFound ? (
              <>
                <Button asChild>
                  <Link to="/dashboard">
                    <LayoutDashboard aria-hidden="true" />
                    Go to the dashboard
                  </Link>
                </Button>
                <Button asChild variant="secondary">
                  <Link to="/">
                    <House aria-hidden="true" />
                    Fleetdeck home
                  </Link>
                </Button>
              </>
            ) : (
              <>
                <Button onClick={() => window.location.reload()}>
                  <RefreshCw aria-hidden="true" />
                  Reload page
                </Button>
                <Button asChild variant="secondary">
                  <Link to="/" reloadDocument>
                    <House aria-hidden="true" />
                    Fleetdeck home
                  </Link>
                </Button>
              </>
            )}
          </div>
          {error.requestId ? (
            <Reference id={error.requestId} className="mt-8 border-t border-border pt-5" />
          ) : null}
        </div>
      </main>
    </div>
  );
}
