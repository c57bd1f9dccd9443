import type { DeviceDetail, TelemetrySample } from '@fleetdeck/shared/device-contract';
import { ChartDataTable } from '../../../components/chart-data-table.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';
import { percentOf, seriesOf } from '../chart-scale.ts';
import { formatBytes, formatDate, formatMinutes } from '../format.ts';
import { LineChart } from './line-chart.tsx';

/**
 * The Health tab's charts, hand-rolled in SVG (no chart library) and loaded as their own chunk.
 * Each chart is an image with a text summary for screen readers, and its figures as a table.
 */

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
