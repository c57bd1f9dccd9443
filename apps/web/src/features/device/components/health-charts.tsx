import { useId } from 'react';
import type { DeviceDetail, TelemetrySample } from '@fleetdeck/shared/device-contract';
import { ChartDataTable } from '../../../components/chart-data-table.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';
import { linePath, percentOf, pointPosition, seriesOf, yDomain, type SeriesPoint } from '../chart-scale.ts';
import { formatBytes, formatDate, formatMinutes } from '../format.ts';

/**
 * The Health tab's charts, hand-rolled in SVG (no chart library) and loaded as their own chunk.
 * Each chart is an image with a text summary for screen readers, and its figures as a table.
 */

const W = 600;
const H = 140;

function LineChart({
  title,
  points,
  format,
  fixedMax,
  tone = 'accent',
}: {
  title: string;
  points: readonly SeriesPoint[];
  format: (value: number) => string;
  fixedMax?: number;
  tone?: 'accent' | 'warning' | 'success';
}) {
  const gradientId = useId();
  const domain = yDomain(points, fixedMax);
  const path = linePath(points, W, H, domain);
  const latest = points.at(-1);
  const marker = latest ? pointPosition(points, latest, domain) : undefined;
  const values = points.map((p) => p.y);
  const summary =
    points.length === 0
      ? `${title}: no samples in this period.`
      : `${title}: latest ${format(latest?.y ?? 0)}, lowest ${format(Math.min(...values))}, highest ${format(Math.max(...values))}, over ${points.length} samples.`;
  const stroke =
    tone === 'warning'
      ? 'var(--warning-subtle-foreground)'
      : tone === 'success'
        ? 'var(--success-subtle-foreground)'
        : 'var(--accent)';
  return (
    <Card>
      <CardHeader className="flex flex-row items-baseline justify-between gap-2">
        <CardTitle className="text-sm">{title}</CardTitle>
        <span className="text-lg font-semibold tabular-nums">{latest ? format(latest.y) : '—'}</span>
      </CardHeader>
      <CardContent className="pt-3">
        {points.length === 0 ? (
          <div className="flex h-36 items-center justify-center rounded-md bg-muted/50 text-sm text-muted-foreground">
            No samples in this period
          </div>
        ) : (
          <figure className="flex flex-col gap-1">
            <div className="relative h-36 pl-12">
              <span className="absolute top-0 left-0 w-11 text-right text-[11px] text-muted-foreground tabular-nums">
                {format(domain[1])}
              </span>
              <span className="absolute bottom-0 left-0 w-11 text-right text-[11px] text-muted-foreground tabular-nums">
                {format(domain[0])}
              </span>
              <svg
                role="img"
                aria-label={summary}
                viewBox={`0 0 ${W} ${H}`}
                preserveAspectRatio="none"
                className="h-full w-full overflow-visible"
              >
                <defs>
                  <linearGradient id={gradientId} x1="0" x2="0" y1="0" y2="1">
                    <stop offset="0%" style={{ stopColor: stroke, stopOpacity: 0.18 }} />
                    <stop offset="100%" style={{ stopColor: stroke, stopOpacity: 0 }} />
                  </linearGradient>
                </defs>
                {[0, 0.5, 1].map((f) => (
                  <line
                    key={f}
                    x1={0}
                    x2={W}
                    y1={H * f}
                    y2={H * f}
                    style={{ stroke: 'var(--border)' }}
                    strokeDasharray={f === 1 ? undefined : '3 4'}
                    vectorEffect="non-scaling-stroke"
                  />
                ))}
                {points.length > 1 ? (
                  <path d={`${path} L${W},${H} L0,${H} Z`} fill={`url(#${gradientId})`} />
                ) : null}
                <path
                  d={path}
                  fill="none"
                  style={{ stroke }}
                  strokeWidth={2}
                  strokeLinejoin="round"
                  vectorEffect="non-scaling-stroke"
                />
              </svg>
              {marker ? (
                <span
                  aria-hidden="true"
                  className="absolute size-2 -translate-x-1/2 -translate-y-1/2 rounded-full ring-2 ring-surface"
                  style={{
                    left: `calc(3rem + (100% - 3rem) * ${marker.x})`,
                    top: `${marker.y * 100}%`,
                    backgroundColor: stroke,
                  }}
                />
              ) : null}
            </div>
            <figcaption className="flex justify-between gap-2 pl-12 text-[11px] text-muted-foreground">
              <span>{formatDate(new Date(points[0]?.t ?? 0).toISOString())}</span>
              {points.length === 1 ? <span>One sample so far; the line grows with each sync</span> : null}
              <span>{formatDate(new Date(latest?.t ?? 0).toISOString())}</span>
            </figcaption>
            <ChartDataTable
              title={title}
              columns={['When', title]}
              rows={points.toReversed().map((point) => ({
                key: String(point.t),
                cells: [new Date(point.t).toLocaleString(), format(point.y)],
              }))}
            />
          </figure>
        )}
      </CardContent>
    </Card>
  );
}

function ActiveTimeChart({ days }: { days: DeviceDetail['device']['activeTime'] }) {
  const shown = days.slice(-30);
  const max = Math.max(60, ...shown.map((d) => d.activeMinutes));
  const total = shown.reduce((sum, d) => sum + d.activeMinutes, 0);
  const average = shown.length > 0 ? total / shown.length : 0;
  return (
    <Card className="lg:col-span-2">
      <CardHeader className="flex flex-row items-baseline justify-between gap-2">
        <CardTitle className="text-sm">Active time per day</CardTitle>
        <span className="text-sm text-muted-foreground">
          Average <span className="font-semibold text-foreground tabular-nums">{formatMinutes(average)}</span>
        </span>
      </CardHeader>
      <CardContent className="pt-3">
        {shown.length === 0 ? (
          <div className="flex h-32 items-center justify-center rounded-md bg-muted/50 text-sm text-muted-foreground">
            Google reports no active time for this device
          </div>
        ) : (
          <figure>
            <div
              role="img"
              aria-label={`Active time per day over ${shown.length} days: average ${formatMinutes(average)}, most ${formatMinutes(Math.max(...shown.map((d) => d.activeMinutes)))}.`}
              className="flex h-32 items-end gap-[3px]"
            >
              {shown.map((day) => (
                <div
                  key={day.date}
                  title={`${formatDate(day.date) ?? day.date}: ${formatMinutes(day.activeMinutes)}`}
                  className={cn(
                    'min-w-0 flex-1 rounded-t-sm bg-accent/80 hover:bg-accent',
                    day.activeMinutes === 0 && 'bg-border',
                  )}
                  style={{ height: `${Math.max(2, (day.activeMinutes / max) * 100)}%` }}
                />
              ))}
            </div>
            <figcaption className="mt-1 flex justify-between text-[11px] text-muted-foreground">
              <span>{formatDate(shown[0]?.date)}</span>
              <span>{formatDate(shown.at(-1)?.date)}</span>
            </figcaption>
            <ChartDataTable
              title="Active time per day"
              columns={['Day', 'Active time']}
              rows={shown.toReversed().map((day) => ({
                key: day.date,
                cells: [formatDate(day.date) ?? day.date, formatMinutes(day.activeMinutes)],
              }))}
            />
          </figure>
        )}
      </CardContent>
    </Card>
  );
}

function StorageBar({ sample }: { sample: TelemetrySample | undefined }) {
  const total = sample?.storageTotalBytes ?? null;
  const free = sample?.storageFreeBytes ?? null;
  const used = total !== null && free !== null ? total - free : null;
  const usedPercent = percentOf(used, total);
  return (
    <Card>
      <CardHeader className="flex flex-row items-baseline justify-between gap-2">
        <CardTitle className="text-sm">Storage</CardTitle>
        <span className="text-lg font-semibold tabular-nums">
          {usedPercent === null ? '—' : `${usedPercent}% used`}
        </span>
      </CardHeader>
      <CardContent className="pt-3">
        <div
          role="meter"
          aria-label="Storage used"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={usedPercent ?? 0}
          aria-valuetext={
            usedPercent === null
              ? 'Unknown'
              : `${formatBytes(used)} used of ${formatBytes(total)}, ${formatBytes(free)} free`
          }
          className="h-3 overflow-hidden rounded-full bg-muted"
        >
          <div
            className={cn('h-full rounded-full', (usedPercent ?? 0) > 90 ? 'bg-danger' : 'bg-accent')}
            style={{ width: `${usedPercent ?? 0}%` }}
          />
        </div>
        <dl className="mt-3 grid grid-cols-3 gap-2 text-sm">
          <div>
            <dt className="text-xs text-muted-foreground">Used</dt>
            <dd className="font-medium tabular-nums">{formatBytes(used) ?? '—'}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">Free</dt>
            <dd className="font-medium tabular-nums">{formatBytes(free) ?? '—'}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">Total</dt>
            <dd className="font-medium tabular-nums">{formatBytes(total) ?? '—'}</dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}

const percent = (value: number) => `${Math.round(value)}%`;
const count = (value: number) => String(Math.round(value));

/** Battery, storage, CPU, memory and active time over the chosen window. */
export default function HealthCharts({
  samples,
  activeTime,
}: {
  samples: readonly TelemetrySample[];
  activeTime: DeviceDetail['device']['activeTime'];
}) {
  const at = (s: TelemetrySample) => s.sampledAt;
  const capacity = seriesOf(samples, at, (s) =>
    percentOf(s.batteryFullChargeCapacity, s.batteryDesignCapacity),
  );
  const cycles = seriesOf(samples, at, (s) => s.batteryCycleCount);
  const storageUsed = seriesOf(samples, at, (s) =>
    percentOf(
      s.storageTotalBytes !== null && s.storageFreeBytes !== null
        ? s.storageTotalBytes - s.storageFreeBytes
        : null,
      s.storageTotalBytes,
    ),
  );
  const cpu = seriesOf(samples, at, (s) => s.cpuUtilizationPercent);
  const memory = seriesOf(samples, at, (s) =>
    percentOf(
      s.memoryTotalBytes !== null && s.memoryFreeBytes !== null
        ? s.memoryTotalBytes - s.memoryFreeBytes
        : null,
      s.memoryTotalBytes,
    ),
  );
  const latestStorage = [...samples].reverse().find((s) => s.storageTotalBytes !== null);
  const capacityTone = (capacity.at(-1)?.y ?? 100) < 70 ? 'warning' : 'success';
  return (
    <div className="grid gap-4 lg:grid-cols-2" data-testid="health-charts">
      <LineChart
        title="Battery full-charge capacity (of design)"
        points={capacity}
        format={percent}
        fixedMax={100}
        tone={capacityTone}
      />
      <LineChart title="Battery cycle count" points={cycles} format={count} />
      <StorageBar sample={latestStorage} />
      <LineChart title="Storage used" points={storageUsed} format={percent} fixedMax={100} />
      <LineChart title="CPU utilization" points={cpu} format={percent} fixedMax={100} />
      <LineChart title="Memory used" points={memory} format={percent} fixedMax={100} />
      <ActiveTimeChart days={activeTime} />
    </div>
  );
}
