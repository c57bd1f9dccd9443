import {
  Activity,
  BatteryLow,
  BatteryWarning,
  CalendarClock,
  CalendarX,
  Ghost,
  HardDrive,
  Radar,
  RefreshCcw,
  Terminal,
} from 'lucide-react';
import { Link } from 'react-router';
import { roleCan } from '@fleetdeck/shared/permissions';
import type { DashboardResponse, TileKey } from '@fleetdeck/shared/dashboard-contract';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useAuthSession } from '../../../lib/auth/use-auth-session.ts';
import { useDashboard } from '../api/get-dashboard.ts';
import { formatAge, formatCount, formatMoney } from '../fleet-link.ts';
import { AttentionList } from './attention-list.tsx';
import { AueChart, AueForecastTable } from './aue-chart.tsx';
import { BarList } from './bar-list.tsx';
import { CostEditor } from './cost-editor.tsx';
import { DashboardOverview } from './dashboard-overview.tsx';
import { SegmentBar, type Segment } from './segment-bar.tsx';
import { StatTile, type TileTone } from './stat-tile.tsx';
import { TrendChart } from './trend-chart.tsx';
import { ErrorReference } from '../../../components/errors/error-reference.tsx';

const TILE_LOOK: Record<TileKey, { icon: typeof Activity; tone: TileTone }> = {
  active7: { icon: Activity, tone: 'good' },
  active30: { icon: Activity, tone: 'good' },
  ghost30: { icon: Ghost, tone: 'warning' },
  ghost90: { icon: Ghost, tone: 'danger' },
  compliant: { icon: Radar, tone: 'good' },
  aueExpired: { icon: CalendarX, tone: 'danger' },
  aue6m: { icon: CalendarClock, tone: 'warning' },
  aue12m: { icon: CalendarClock, tone: 'warning' },
  batteryReplaceSoon: { icon: BatteryWarning, tone: 'warning' },
  batteryReplaceNow: { icon: BatteryLow, tone: 'danger' },
  lowStorage: { icon: HardDrive, tone: 'warning' },
  devMode: { icon: Terminal, tone: 'warning' },
};
const TILE_ORDER: readonly TileKey[] = [
  'active7',
  'active30',
  'ghost30',
  'ghost90',
  'aueExpired',
  'aue6m',
  'aue12m',
  'compliant',
  'batteryReplaceSoon',
  'batteryReplaceNow',
  'lowStorage',
  'devMode',
];

const PALETTE: Record<string, Pick<Segment, 'fill' | 'swatch'>> = {
  good: { fill: 'fill-success-subtle-foreground', swatch: 'bg-success-subtle-foreground' },
  accent: { fill: 'fill-accent', swatch: 'bg-accent' },
  warning: { fill: 'fill-warning-subtle-foreground', swatch: 'bg-warning-subtle-foreground' },
  danger: { fill: 'fill-danger', swatch: 'bg-danger' },
  muted: { fill: 'fill-muted-foreground/40', swatch: 'bg-muted-foreground/40' },
  // Google's rarer statuses, each its own shade so no two read as one part.
  slate: { fill: 'fill-muted-foreground/75', swatch: 'bg-muted-foreground/75' },
  accentSoft: { fill: 'fill-accent/55', swatch: 'bg-accent/55' },
  accentFaint: { fill: 'fill-accent/30', swatch: 'bg-accent/30' },
  faint: { fill: 'fill-muted-foreground/20', swatch: 'bg-muted-foreground/20' },
};
const MUTED = { fill: 'fill-muted-foreground/40', swatch: 'bg-muted-foreground/40' };
const STATUS_TONE: Record<string, string> = {
  ACTIVE: 'good',
  PRE_PROVISIONED: 'accent',
  DISABLED: 'warning',
  DEPROVISIONED: 'muted',
  DELINQUENT: 'danger',
  INACTIVE: 'slate',
  SHIPPED: 'accentSoft',
  RETURN_REQUESTED: 'accentFaint',
  RETURN_ARRIVED: 'faint',
};
const COMPLIANCE_TONE: Record<string, string> = {
  compliant: 'good',
  pending: 'warning',
  notCompliant: 'danger',
};
const BATTERY_TONE: Record<string, string> = {
  BATTERY_HEALTH_NORMAL: 'good',
  BATTERY_REPLACE_SOON: 'warning',
  BATTERY_REPLACE_NOW: 'danger',
};

function toSegments(
  counts: DashboardResponse['statuses'],
  tones: Record<string, string>,
  order?: readonly string[],
): Segment[] {
  const sorted = order
    ? [...counts].sort((a, b) => rank(order, a.key) - rank(order, b.key))
    : [...counts].sort((a, b) => b.count - a.count);
  return sorted.map((c) => ({ ...c, ...(PALETTE[tones[c.key] ?? 'muted'] ?? MUTED) }));
}

function rank(order: readonly string[], key: string): number {
  const index = order.indexOf(key);
  return index === -1 ? order.length : index;
}

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

function Ready({ data }: { data: DashboardResponse }) {
  const { session } = useAuthSession();
  const canEditCosts = roleCan(session?.user.organization?.role, 'settings.manage');
  const inService = data.inService.count;
  const tiles = new Map(data.tiles.map((tile) => [tile.key, tile]));
  const reference = data.os.referenceMajor;
  const scoped = data.scopeOuPaths.length > 0;
  return (
    <div className="flex flex-col gap-6">
      <Freshness data={data} />
      <Card>
        <CardHeader>
          <CardTitle>Devices by status</CardTitle>
          <CardDescription>
            {formatCount(data.total.count)} devices; {formatCount(inService)} in service (active). Every tile
            and chart below counts devices in service.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <SegmentBar
            label="Devices by status"
            segments={toSegments(data.statuses, STATUS_TONE, [
              'ACTIVE',
              'PRE_PROVISIONED',
              'DISABLED',
              'DEPROVISIONED',
            ])}
          />
        </CardContent>
      </Card>

      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label="Fleet health">
        {TILE_ORDER.map((key) => {
          const tile = tiles.get(key);
          if (!tile) return null;
          return (
            <li key={key}>
              <StatTile
                icon={TILE_LOOK[key].icon}
                tone={TILE_LOOK[key].tone}
                label={tile.label}
                count={tile.count}
                of={inService}
                query={tile.query}
                testId={`tile-${key}`}
              />
            </li>
          );
        })}
      </ul>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Needs attention</CardTitle>
            <CardDescription>Google's categories; "recent" means the last 28 days.</CardDescription>
          </CardHeader>
          <CardContent>
            <AttentionList items={data.attention} fetchedAt={data.attentionFetchedAt} scoped={scoped} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>OS compliance and battery health</CardTitle>
            <CardDescription>As Google reports them for each device in service.</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-6">
            <SegmentBar
              label="OS version compliance"
              segments={toSegments(data.compliance, COMPLIANCE_TONE, [
                'compliant',
                'pending',
                'notCompliant',
              ])}
            />
            <SegmentBar
              label="Battery health"
              segments={toSegments(data.battery, BATTERY_TONE, [
                'BATTERY_HEALTH_NORMAL',
                'BATTERY_REPLACE_SOON',
                'BATTERY_REPLACE_NOW',
              ])}
            />
          </CardContent>
        </Card>
      </div>

      <Card>
        <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
          <div className="flex flex-col gap-1">
            <CardTitle>Auto Update Expiration by school year</CardTitle>
            <CardDescription>
              School years run July to June. Replacing the devices {scoped ? 'of your units ' : ''}still in
              service past their AUE date and those reaching it this school year and the next three costs
              about{' '}
              <strong className="font-semibold text-foreground" data-testid="aue-forecast">
                {formatMoney(data.aue.forecastCents, data.aue.currency)}
              </strong>
              .
            </CardDescription>
          </div>
          {canEditCosts ? <CostEditor /> : null}
        </CardHeader>
        <CardContent className="flex flex-col gap-6">
          <AueChart aue={data.aue} />
          <AueForecastTable aue={data.aue} />
        </CardContent>
      </Card>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>OS versions</CardTitle>
            <CardDescription>
              {reference === null
                ? 'No device has reported its ChromeOS version yet.'
                : `Against ChromeOS ${reference}, the newest version a device in ${scoped ? 'your units' : 'this fleet'} runs (taken as the current stable release).`}
            </CardDescription>
          </CardHeader>
          <CardContent>
            <BarList
              label="Devices by ChromeOS major version"
              items={data.os.versions.slice(0, 10).map((v) => ({
                key: String(v.major),
                label: (
                  <>
                    {v.major}{' '}
                    <span className="text-xs text-muted-foreground">
                      {v.behind === 0 ? 'current' : `${v.behind} behind`}
                    </span>
                  </>
                ),
                count: v.count,
                query: v.query,
                fill:
                  v.behind === 0
                    ? 'fill-success-subtle-foreground'
                    : v.behind === 1
                      ? 'fill-accent'
                      : 'fill-danger',
              }))}
            />
            {data.os.unknown > 0 ? (
              <p className="mt-2 text-xs text-muted-foreground">
                {formatCount(data.os.unknown)} devices have not reported a version.
              </p>
            ) : null}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Models</CardTitle>
            <CardDescription>The ten most common models in service.</CardDescription>
          </CardHeader>
          <CardContent>
            <BarList
              label="Devices by model"
              items={data.models.slice(0, 10).map((m) => ({
                key: m.key,
                label: m.label,
                count: m.count,
                query: m.query,
              }))}
            />
          </CardContent>
        </Card>
      </div>

      <Card>
        <CardHeader>
          <CardTitle>Trends</CardTitle>
          <CardDescription>
            {scoped && data.trends.length <= 1
              ? 'One point per day for your units, recorded by the sync. The lines grow from today.'
              : scoped
                ? `One point per day for your units, recorded by the sync, over the last ${data.trends.length} days.`
                : data.trends.length <= 1
                  ? 'One point per day, recorded by the sync. The lines grow from today.'
                  : `One point per day, recorded by the sync, over the last ${data.trends.length} days.`}
          </CardDescription>
        </CardHeader>
        {data.trends.length ? (
          <CardContent className="grid gap-6 md:grid-cols-3">
            <TrendChart
              title="Active devices"
              points={data.trends}
              series={[
                {
                  key: 'active',
                  label: 'In service',
                  stroke: 'text-muted-foreground',
                  swatch: 'bg-muted-foreground',
                },
                { key: 'active7', label: 'Active in 7 days', stroke: 'text-accent', swatch: 'bg-accent' },
              ]}
            />
            <TrendChart
              title="OS compliance"
              points={data.trends}
              series={[
                {
                  key: 'compliant',
                  label: 'Compliant',
                  stroke: 'text-success-subtle-foreground',
                  swatch: 'bg-success-subtle-foreground',
                },
                { key: 'notCompliant', label: 'Not compliant', stroke: 'text-danger', swatch: 'bg-danger' },
              ]}
            />
            <TrendChart
              title="Battery health"
              points={data.trends}
              series={[
                {
                  key: 'batteryReplaceSoon',
                  label: 'Replace soon',
                  stroke: 'text-warning-subtle-foreground',
                  swatch: 'bg-warning-subtle-foreground',
                },
                {
                  key: 'batteryReplaceNow',
                  label: 'Replace now',
                  stroke: 'text-danger',
                  swatch: 'bg-danger',
                },
              ]}
            />
          </CardContent>
        ) : null}
      </Card>
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
