import type { DashboardResponse } from '@fleetdeck/shared/dashboard-contract';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { formatCount, formatMoney } from '../fleet-link.ts';
import { AttentionList } from './attention-list.tsx';
import { AueChart, AueForecastTable } from './aue-chart.tsx';
import { BarList } from './bar-list.tsx';
import { CostEditor } from './cost-editor.tsx';
import { batterySegments, complianceSegments, statusSegments } from './dashboard-segments.ts';
import { SegmentBar } from './segment-bar.tsx';

/** Every device by status, and how many are in service: what every other number counts. */
export function StatusCard({ data }: { data: DashboardResponse }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Devices by status</CardTitle>
        <CardDescription>
          {formatCount(data.total.count)} devices; {formatCount(data.inService.count)} in service (active).
          Every tile and chart below counts devices in service.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <SegmentBar label="Devices by status" segments={statusSegments(data.statuses)} />
      </CardContent>
    </Card>
  );
}

/** Google's needs-attention categories. */
export function AttentionCard({ data, scoped }: { data: DashboardResponse; scoped: boolean }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Needs attention</CardTitle>
        <CardDescription>Google's categories; "recent" means the last 28 days.</CardDescription>
      </CardHeader>
      <CardContent>
        <AttentionList items={data.attention} fetchedAt={data.attentionFetchedAt} scoped={scoped} />
      </CardContent>
    </Card>
  );
}

/** OS version compliance and battery health of the devices in service. */
export function ComplianceBatteryCard({ data }: { data: DashboardResponse }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>OS compliance and battery health</CardTitle>
        <CardDescription>As Google reports them for each device in service.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <SegmentBar label="OS version compliance" segments={complianceSegments(data.compliance)} />
        <SegmentBar label="Battery health" segments={batterySegments(data.battery)} />
      </CardContent>
    </Card>
  );
}

/** When updates end, by school year, and what replacing those devices costs. */
export function AueForecastCard({
  aue,
  scoped,
  canEditCosts,
}: {
  aue: DashboardResponse['aue'];
  scoped: boolean;
  /** The member may change the replacement costs the forecast is priced with. */
  canEditCosts: boolean;
}) {
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1">
          <CardTitle>Auto Update Expiration by school year</CardTitle>
          <CardDescription>
            School years run July to June. Replacing the devices {scoped ? 'of your units ' : ''}still in
            service past their AUE date and those reaching it this school year and the next three costs about{' '}
            <strong className="font-semibold text-foreground" data-testid="aue-forecast">
              {formatMoney(aue.forecastCents, aue.currency)}
            </strong>
            .
          </CardDescription>
        </div>
        {canEditCosts ? <CostEditor /> : null}
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <AueChart aue={aue} />
        <AueForecastTable aue={aue} />
      </CardContent>
    </Card>
  );
}

/** The ten most common ChromeOS major versions, each against the newest one in the fleet. */
export function OsVersionsCard({ os, scoped }: { os: DashboardResponse['os']; scoped: boolean }) {
  const reference = os.referenceMajor;
  return (
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
          items={os.versions.slice(0, 10).map((v) => ({
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
        {os.unknown > 0 ? (
          <p className="mt-2 text-xs text-muted-foreground">
            {formatCount(os.unknown)} devices have not reported a version.
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** The ten most common models in service. */
export function ModelsCard({ models }: { models: DashboardResponse['models'] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Models</CardTitle>
        <CardDescription>The ten most common models in service.</CardDescription>
      </CardHeader>
      <CardContent>
        <BarList
          label="Devices by model"
          items={models
            .slice(0, 10)
            .map((m) => ({ key: m.key, label: m.label, count: m.count, query: m.query }))}
        />
      </CardContent>
    </Card>
  );
}
