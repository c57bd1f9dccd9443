import { Suspense, useState } from 'react';
import { BatteryMedium } from 'lucide-react';
import type { DeviceDetail } from '@fleetdeck/shared/device-contract';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { useTelemetry } from '../api/get-telemetry.ts';
import { formatBytes, formatCount, humanize } from '../format.ts';
import { lazyComponent } from '../../../lib/lazy-component.ts';

const HealthCharts = lazyComponent(() => import('./health-charts.tsx'));

const WINDOWS = [30, 90, 365] as const;

function ChartsSkeleton() {
  return (
    <div className="grid gap-4 lg:grid-cols-2" aria-busy="true" aria-label="Loading charts">
      {Array.from({ length: 4 }, (_, i) => (
        <Skeleton key={i} className="h-52 w-full" />
      ))}
    </div>
  );
}

function batteryTone(health: string | null): 'success' | 'warning' | 'danger' | 'neutral' {
  const value = health?.toUpperCase() ?? '';
  if (value.includes('REPLACE') || value.includes('POOR') || value.includes('BAD')) return 'danger';
  if (value.includes('FAIR') || value.includes('SOON')) return 'warning';
  if (value.includes('NORMAL') || value.includes('GOOD')) return 'success';
  return 'neutral';
}

function Stat({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Card className="p-4">
      <div className="text-xs text-muted-foreground">{label}</div>
      <div className="mt-1 text-lg font-semibold tabular-nums">{children}</div>
    </Card>
  );
}

/** Battery, storage, CPU, memory and active time: key figures first, charts as their own chunk. */
export function HealthTab({ detail }: { detail: DeviceDetail }) {
  const { device } = detail;
  const [days, setDays] = useState<(typeof WINDOWS)[number]>(90);
  const telemetry = useTelemetry(device.deviceId, days);
  return (
    <div className="flex flex-col gap-4">
      <div className="grid grid-cols-2 gap-4 md:grid-cols-4">
        <Stat label="Battery health">
          {device.batteryHealth ? (
            <Badge tone={batteryTone(device.batteryHealth)} className="text-sm">
              <BatteryMedium aria-hidden="true" />
              {humanize(device.batteryHealth)}
            </Badge>
          ) : (
            '—'
          )}
        </Stat>
        <Stat label="Battery cycles">{formatCount(device.batteryCycleCount) ?? '—'}</Stat>
        <Stat label="Full-charge capacity">
          {device.batteryCapacityPercent === null ? '—' : `${Math.round(device.batteryCapacityPercent)}%`}
        </Stat>
        <Stat label="Storage free">
          {formatBytes(device.storageFreeBytes) ?? '—'}
          {device.storageTotalBytes ? (
            <span className="text-sm font-normal text-muted-foreground">
              {' '}
              of {formatBytes(device.storageTotalBytes)}
            </span>
          ) : null}
        </Stat>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-base font-semibold">Over time</h2>
        <div role="group" aria-label="Period" className="inline-flex rounded-md border border-border p-0.5">
          {WINDOWS.map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={days === value}
              onClick={() => setDays(value)}
              className={cn(
                'rounded px-2.5 py-1 text-xs font-medium text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring',
                days === value && 'bg-muted text-foreground',
              )}
            >
              {value === 365 ? '1 year' : `${value} days`}
            </button>
          ))}
        </div>
      </div>
      {telemetry.isError ? <FormMessage>{telemetry.error.message}</FormMessage> : null}
      {telemetry.isPending ? <ChartsSkeleton /> : null}
      {telemetry.data ? (
        <Suspense fallback={<ChartsSkeleton />}>
          <div className={cn(telemetry.isPlaceholderData && 'opacity-60 transition-opacity')}>
            <HealthCharts samples={telemetry.data.samples} activeTime={device.activeTime} />
          </div>
        </Suspense>
      ) : null}
    </div>
  );
}
