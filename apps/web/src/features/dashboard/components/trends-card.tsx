import type { TrendPoint } from '@fleetdeck/shared/dashboard-contract';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { TrendChart, type TrendSeries } from './trend-chart.tsx';

const ACTIVE_SERIES: readonly TrendSeries[] = [
  { key: 'active', label: 'In service', stroke: 'text-muted-foreground', swatch: 'bg-muted-foreground' },
  { key: 'active7', label: 'Active in 7 days', stroke: 'text-accent', swatch: 'bg-accent' },
];
const COMPLIANCE_SERIES: readonly TrendSeries[] = [
  {
    key: 'compliant',
    label: 'Compliant',
    stroke: 'text-success-subtle-foreground',
    swatch: 'bg-success-subtle-foreground',
  },
  { key: 'notCompliant', label: 'Not compliant', stroke: 'text-danger', swatch: 'bg-danger' },
];
const BATTERY_SERIES: readonly TrendSeries[] = [
  {
    key: 'batteryReplaceSoon',
    label: 'Replace soon',
    stroke: 'text-warning-subtle-foreground',
    swatch: 'bg-warning-subtle-foreground',
  },
  { key: 'batteryReplaceNow', label: 'Replace now', stroke: 'text-danger', swatch: 'bg-danger' },
];

/** What the daily snapshots say about activity, compliance and battery health over time. */
export function TrendsCard({ trends, scoped }: { trends: readonly TrendPoint[]; scoped: boolean }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Trends</CardTitle>
        <CardDescription>{trendsDescription(trends.length, scoped)}</CardDescription>
      </CardHeader>
      {trends.length ? (
        <CardContent className="grid gap-6 md:grid-cols-3">
          <TrendChart title="Active devices" points={trends} series={ACTIVE_SERIES} />
          <TrendChart title="OS compliance" points={trends} series={COMPLIANCE_SERIES} />
          <TrendChart title="Battery health" points={trends} series={BATTERY_SERIES} />
        </CardContent>
      ) : null}
    </Card>
  );
}

function trendsDescription(days: number, scoped: boolean): string {
  if (scoped && days <= 1)
    return 'One point per day for your units, recorded by the sync. The lines grow from today.';
  if (scoped) return `One point per day for your units, recorded by the sync, over the last ${days} days.`;
  if (days <= 1) return 'One point per day, recorded by the sync. The lines grow from today.';
  return `One point per day, recorded by the sync, over the last ${days} days.`;
}
