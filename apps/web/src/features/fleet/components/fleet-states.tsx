import { Link } from 'react-router';
import { CircleAlert, FilterX, MonitorSmartphone, SearchX } from 'lucide-react';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ErrorReference } from '../../../components/errors/error-reference.tsx';

/** No device in Fleetdeck's copy yet: the way to a sync. */
export function FleetEmpty() {
  return (
    <EmptyState
      icon={MonitorSmartphone}
      title="No devices yet"
      className="h-full justify-center"
      action={
        <Button asChild>
          <Link to="/settings/sync">Go to sync settings</Link>
        </Button>
      }
    >
      Devices appear here after the first sync with Google Workspace. Run a sync, or check that the
      organizational unit you chose holds Chromebooks.
    </EmptyState>
  );
}

/** The query matches nothing. */
export function FleetNoResults({ onClear }: { onClear: () => void }) {
  return (
    <EmptyState
      icon={SearchX}
      title="No devices match this query"
      className="h-full justify-center"
      action={
        <Button variant="secondary" onClick={onClear}>
          <FilterX aria-hidden="true" />
          Clear filters
        </Button>
      }
    >
      Remove a term or widen a range. Free text searches serial, asset ID, user, location, notes and model.
    </EmptyState>
  );
}

/** The query in the URL does not parse; its errors show under the query box. */
export function FleetInvalidQuery() {
  return (
    <EmptyState icon={CircleAlert} title="The query has a mistake" className="h-full justify-center">
      Fix the marked part of the query above; the table updates as soon as it is valid.
    </EmptyState>
  );
}

/** The list could not be read: the server's own message, and a retry. */
export function FleetError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return (
    <div role="alert" className="h-full">
      <EmptyState
        icon={CircleAlert}
        title="The devices could not be loaded"
        className="h-full justify-center border-danger/40"
        action={
          <Button variant="secondary" onClick={onRetry}>
            Try again
          </Button>
        }
      >
        {error.message}
        <ErrorReference error={error} className="mt-2 justify-center" />
      </EmptyState>
    </div>
  );
}
