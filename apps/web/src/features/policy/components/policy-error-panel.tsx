import { Link } from 'react-router';
import { CircleAlert, KeyRound, Timer } from 'lucide-react';
import { APP_ROUTES } from '@fleetdeck/shared/app-routes';
import { Button } from '../../../components/ui/button.tsx';
import { hasErrorId } from '../../../lib/api-client.ts';
import { ErrorReference } from '../../../components/errors/error-reference.tsx';

/** Why: a failed user lookup leaves the rest of the page working without the user. */
export function isUserLookupError(error: Error): boolean {
  return hasErrorId(error, 'google_user_scope_missing', 'policy_user_not_found');
}

/**
 * Why: a failed policy read is never a blank page. Google access revoked links to Settings →
 * Google; a rate limit or an outage offers to try again.
 */
export function PolicyErrorPanel({
  error,
  onRetry,
  title: titleOverride,
}: {
  error: Error;
  onRetry?: (() => void) | undefined;
  title?: string | undefined;
}) {
  const reconsent = hasErrorId(
    error,
    'google_reconsent_required',
    'google_permission_denied',
    'google_user_scope_missing',
  );
  const rateLimited = hasErrorId(error, 'google_rate_limited');
  const Icon = reconsent ? KeyRound : rateLimited ? Timer : CircleAlert;
  const title = titleOverride
    ? titleOverride
    : reconsent
      ? 'Google access needs attention'
      : rateLimited
        ? 'Google is busy'
        : 'Policies could not be loaded';
  return (
    <section
      role="alert"
      data-testid="policy-error"
      className="flex flex-col gap-3 rounded-lg border border-danger/30 bg-danger-subtle p-5 text-danger-subtle-foreground sm:flex-row sm:items-start"
    >
      <Icon className="size-5 shrink-0" aria-hidden="true" />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <h2 className="text-sm font-semibold">{title}</h2>
        <p className="text-sm">{error.message}</p>
        <ErrorReference error={error} className="text-inherit" />
        <div className="flex flex-wrap gap-2">
          {reconsent ? (
            <Button asChild size="sm">
              <Link to={APP_ROUTES.settingsGoogle}>Open Settings → Google</Link>
            </Button>
          ) : null}
          {onRetry && !reconsent ? (
            <Button size="sm" variant="secondary" onClick={onRetry}>
              Try again
            </Button>
          ) : null}
        </div>
      </div>
    </section>
  );
}
