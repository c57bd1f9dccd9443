import { RefreshCcw } from 'lucide-react';
import { Link } from 'react-router';
import { roleCan } from '@fleetdeck/shared/permissions';
import type { DashboardResponse } from '@fleetdeck/shared/dashboard-contract';
import { Button } from '../../../components/ui/button.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useAuthSession } from '../../../lib/auth/use-auth-session.ts';
import { useDashboard } from '../api/get-dashboard.ts';
import { formatAge } from '../fleet-link.ts';
import {
  AttentionCard,
  AueForecastCard,
  ComplianceBatteryCard,
  ModelsCard,
  OsVersionsCard,
  StatusCard,
} from './dashboard-cards.tsx';
import { DashboardOverview } from './dashboard-overview.tsx';
import { HealthTiles } from './health-tiles.tsx';
import { TrendsCard } from './trends-card.tsx';
import { ErrorReference } from '../../../components/errors/error-reference.tsx';

/** When the numbers were counted, whether a sync is running, and whose units they cover. */
function Freshness({ data }: { data: DashboardResponse }) {
  return (
    <p
      className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground"
      data-testid="dashboard-as-of"
    >
      {data.asOf ? (
        <span>
          As of the last sync,{' '}
          <time dateTime={data.asOf} title={new Date(data.asOf).toLocaleString()}>
            {formatAge(data.asOf)}
          </time>
        </span>
      ) : (
        <span>No sync has finished yet</span>
      )}
      {data.syncRunning ? (
        <span className="inline-flex items-center gap-1 text-accent">
          <RefreshCcw className="size-3.5 animate-spin motion-reduce:animate-none" aria-hidden="true" /> A
          sync is running; numbers update when it finishes
        </span>
      ) : null}
      <span aria-hidden="true">·</span>
      <Link to="/settings/sync" className="underline-offset-2 hover:underline">
        Sync settings
      </Link>
      {data.scopeOuPaths.length ? (
        <span data-testid="dashboard-scope">· Counting only your units: {data.scopeOuPaths.join(', ')}</span>
      ) : null}
    </p>
  );
}

/** The fleet's numbers, from the overall split by status down to the trends. */
function Ready({ data }: { data: DashboardResponse }) {
  const { session } = useAuthSession();
  const canEditCosts = roleCan(session?.user.organization?.role, 'settings.manage');
  const scoped = data.scopeOuPaths.length > 0;
  return (
    <div className="flex flex-col gap-6">
      <Freshness data={data} />
      <StatusCard data={data} />
      <HealthTiles tiles={data.tiles} inService={data.inService.count} />
      <div className="grid gap-6 lg:grid-cols-2">
        <AttentionCard data={data} scoped={scoped} />
        <ComplianceBatteryCard data={data} />
      </div>
      <AueForecastCard aue={data.aue} scoped={scoped} canEditCosts={canEditCosts} />
      <div className="grid gap-6 lg:grid-cols-2">
        <OsVersionsCard os={data.os} scoped={scoped} />
        <ModelsCard models={data.models} />
      </div>
      <TrendsCard trends={data.trends} scoped={scoped} />
    </div>
  );
}

/** `/dashboard`: loading, error, the intentional empty states, then the fleet's numbers. */
export function DashboardView() {
  const dashboard = useDashboard();
  if (dashboard.isPending) {
    return (
      <div className="flex flex-col gap-6" aria-busy="true" aria-label="Loading the dashboard">
        <Skeleton className="h-5 w-64" />
        <Skeleton className="h-28 w-full" />
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {Array.from({ length: 8 }, (_, index) => (
            <Skeleton key={index} className="h-24" />
          ))}
        </div>
      </div>
    );
  }
  if (dashboard.isError) {
    return (
      <div className="flex flex-col items-start gap-3">
        <FormMessage>{dashboard.error.message}</FormMessage>
        <ErrorReference error={dashboard.error} />
        <Button variant="secondary" onClick={() => void dashboard.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const data = dashboard.data;
  if (data.state !== 'ready') {
    return (
      <DashboardOverview state={data.state} syncRunning={data.syncRunning} scopeOuPaths={data.scopeOuPaths} />
    );
  }
  return <Ready data={data} />;
}
