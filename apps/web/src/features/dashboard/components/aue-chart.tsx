import type { DashboardResponse } from '@fleetdeck/shared/dashboard-contract';
import { cn } from '../../../lib/cn.ts';
import { formatCount, formatMoney } from '../fleet-link.ts';
import { CountLink } from './count-link.tsx';

const TIMING_FILL = {
  past: 'fill-danger/70',
  current: 'fill-warning-subtle-foreground',
  future: 'fill-accent',
} as const;
const CHART_HEIGHT = 140;

/** Why: when devices stop getting updates, by school year (July–June), each column a link to its devices. */
export function AueChart({ aue }: { aue: DashboardResponse['aue'] }) {
  const max = Math.max(1, ...aue.schoolYears.map((year) => year.count));
  return (
    <div className="flex flex-col gap-3">
      <ol
        className="flex items-end gap-1.5 overflow-x-auto pb-1"
        aria-label="Devices by the school year their updates end"
      >
        {aue.schoolYears.map((year) => {
          const height = year.count === 0 ? 0 : Math.max(3, (year.count / max) * CHART_HEIGHT);
          return (
            <li key={year.startYear} className="min-w-16 flex-1">
              <CountLink
                query={year.query}
                className="group flex flex-col items-center gap-1 text-xs hover:bg-muted/50"
              >
                <span className="font-medium tabular-nums">
                  {formatCount(year.count)}
                  <span className="sr-only"> devices reach AUE in school year</span>
                </span>
                <svg className="w-full" height={CHART_HEIGHT} aria-hidden="true">
                  <rect
                    x="12%"
                    width="76%"
                    y={CHART_HEIGHT - height}
                    height={height}
                    rx="3"
                    className={cn(TIMING_FILL[year.timing], 'group-hover:opacity-80')}
                  />
                </svg>
                <span
                  className={cn(
                    'whitespace-nowrap text-muted-foreground',
                    year.timing === 'current' && 'font-semibold text-foreground',
                  )}
                >
                  {year.label}
                </span>
              </CountLink>
            </li>
          );
        })}
      </ol>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground" aria-label="Legend">
        <li className="flex items-center gap-1.5">
          <span className="size-2.5 rounded-sm bg-danger/70" aria-hidden="true" /> Updates ended
        </li>
        <li className="flex items-center gap-1.5">
          <span className="size-2.5 rounded-sm bg-warning-subtle-foreground" aria-hidden="true" /> This school
          year
        </li>
        <li className="flex items-center gap-1.5">
          <span className="size-2.5 rounded-sm bg-accent" aria-hidden="true" /> Later years
        </li>
        {aue.withoutDate > 0 ? (
          <li>{formatCount(aue.withoutDate)} devices have no AUE date (ChromeOS Flex)</li>
        ) : null}
      </ul>
    </div>
  );
}

/** Why: what replacing the devices reaching AUE costs, year by year, with the models behind each year. */
export function AueForecastTable({ aue }: { aue: DashboardResponse['aue'] }) {
  const years = aue.schoolYears.filter((year) => year.timing !== 'past' && year.count > 0).slice(0, 6);
  if (years.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        No device reaches its AUE date this school year or later.
      </p>
    );
  }
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="sr-only">Replacement forecast by school year</caption>
        <thead className="text-left text-xs text-muted-foreground">
          <tr>
            <th className="py-1.5 pr-3 font-medium">School year</th>
            <th className="py-1.5 pr-3 text-right font-medium">Devices</th>
            <th className="py-1.5 pr-3 text-right font-medium">Replacement cost</th>
            <th className="py-1.5 font-medium">Largest models</th>
          </tr>
        </thead>
        <tbody>
          {years.map((year) => (
            <tr key={year.startYear} className="border-t border-border align-top">
              <td className="py-2 pr-3 whitespace-nowrap">
                {year.label}
                {year.timing === 'current' ? (
                  <span className="ml-1 text-xs text-muted-foreground">(now)</span>
                ) : null}
              </td>
              <td className="py-2 pr-3 text-right tabular-nums">
                <CountLink query={year.query} className="text-accent hover:underline">
                  {formatCount(year.count)}
                  <span className="sr-only"> devices reaching AUE in {year.label}</span>
                </CountLink>
              </td>
              <td className="py-2 pr-3 text-right font-medium tabular-nums">
                {formatMoney(year.costCents, aue.currency)}
              </td>
              <td className="py-2">
                <ul className="flex flex-col gap-0.5">
                  {year.models.slice(0, 3).map((model) => (
                    <li key={model.model} className="flex flex-wrap gap-x-2">
                      <CountLink query={model.query} className="break-words hover:underline">
                        {model.model}
                        <span className="sr-only">: its devices reaching AUE in {year.label}</span>
                      </CountLink>
                      <span className="text-muted-foreground tabular-nums">
                        {formatCount(model.count)} × {formatMoney(model.unitCostCents, aue.currency)}
                      </span>
                    </li>
                  ))}
                  {year.models.length > 3 ? (
                    <li className="text-xs text-muted-foreground">
                      and {year.models.length - 3} more models
                    </li>
                  ) : null}
                </ul>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
