import type { ReactNode } from 'react';
import type { AueSchoolYear, DashboardResponse } from '@fleetdeck/shared/dashboard-contract';
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

type ForecastLine = Pick<AueSchoolYear, 'count' | 'query' | 'costCents' | 'models'> & {
  readonly key: string;
  /** The first cell: the school year, or what the past-due line holds. */
  readonly heading: ReactNode;
  /** How its devices and models are named in links ("reaching AUE in 2026–27"). */
  readonly when: string;
};

/**
 * Why: what replacing the devices costs, year by year with the models behind each year, starting
 * with the devices whose updates already ended and are still in service (due now).
 */
export function AueForecastTable({ aue }: { aue: DashboardResponse['aue'] }) {
  const years = aue.schoolYears.filter((year) => year.timing !== 'past' && year.count > 0).slice(0, 6);
  const lines: ForecastLine[] = [
    ...(aue.pastDue.count > 0
      ? [
          {
            ...aue.pastDue,
            key: 'past-due',
            heading: (
              <>
                Updates already ended
                <span className="block text-xs text-muted-foreground">
                  before {aue.pastDue.before}, still in service
                </span>
              </>
            ),
            when: `past AUE before ${aue.pastDue.before}`,
          },
        ]
      : []),
    ...years.map((year) => ({
      ...year,
      key: String(year.startYear),
      heading: (
        <>
          {year.label}
          {year.timing === 'current' ? (
            <span className="ml-1 text-xs text-muted-foreground">(now)</span>
          ) : null}
        </>
      ),
      when: `reaching AUE in ${year.label}`,
    })),
  ];
  if (lines.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        No device in service is past its AUE date or reaches it this school year or later.
      </p>
    );
  }
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" data-testid="aue-forecast-table">
        <caption className="sr-only">Replacement forecast by school year</caption>
        <thead className="text-left text-xs text-muted-foreground">
          <tr>
            <th className="py-1.5 pr-3 font-medium">School year</th>
            <th className="py-1.5 pr-3 text-right font-medium">Devices</th>
            <th className="py-1.5 pr-3 text-right font-medium">Replacement cost</th>
            <th className="hidden py-1.5 font-medium sm:table-cell">Largest models</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <ForecastRow key={line.key} line={line} currency={aue.currency} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ForecastRow({ line, currency }: { line: ForecastLine; currency: string }) {
  return (
    <tr className="border-t border-border align-top" data-testid={`aue-forecast-${line.key}`}>
      <td className="py-2 pr-3">
        <div>{line.heading}</div>
        {/* On a phone the models sit under their year rather than in a column off-screen. */}
        <ModelList line={line} currency={currency} className="mt-1 sm:hidden" />
      </td>
      <td className="py-2 pr-3 text-right tabular-nums">
        <CountLink query={line.query} className="text-accent hover:underline">
          {formatCount(line.count)}
          <span className="sr-only"> devices {line.when}</span>
        </CountLink>
      </td>
      <td
        className="py-2 pr-3 text-right font-medium whitespace-nowrap tabular-nums"
        data-testid="aue-forecast-cost"
      >
        {formatMoney(line.costCents, currency)}
      </td>
      <td className="hidden py-2 sm:table-cell">
        <ModelList line={line} currency={currency} />
      </td>
    </tr>
  );
}

function ModelList({
  line,
  currency,
  className,
}: {
  line: ForecastLine;
  currency: string;
  className?: string;
}) {
  return (
    <ul className={cn('flex flex-col gap-0.5', className)}>
      {line.models.slice(0, 3).map((model) => (
        <li key={model.model} className="flex flex-wrap items-center gap-x-2">
          {/* 24 px tall at least: a model name is a link target under another (WCAG 2.5.8). */}
          <CountLink
            query={model.query}
            className="inline-flex min-h-6 items-center break-words hover:underline"
          >
            {model.model}
            <span className="sr-only">: its devices {line.when}</span>
          </CountLink>
          <span className="text-muted-foreground tabular-nums">
            {formatCount(model.count)} × {formatMoney(model.unitCostCents, currency)}
          </span>
        </li>
      ))}
      {line.models.length > 3 ? (
        <li className="text-xs text-muted-foreground">and {line.models.length - 3} more models</li>
      ) : null}
    </ul>
  );
}
