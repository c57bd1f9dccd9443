import type { TrendPoint } from '@fleetdeck/shared/dashboard-contract';
import { ChartDataTable } from '../../../components/chart-data-table.tsx';
import { formatCount } from '../fleet-link.ts';

export interface TrendSeries {
  readonly key: keyof Omit<TrendPoint, 'day'>;
  readonly label: string;
  /** Tailwind stroke and background classes. */
  readonly stroke: string;
  readonly swatch: string;
}

const WIDTH = 320;
const HEIGHT = 96;

/**
 * Why: one small line chart per trend, drawn from the daily snapshots the sync writes, with its
 * figures as a table beside it.
 */
export function TrendChart({
  title,
  points,
  series,
}: {
  title: string;
  points: readonly TrendPoint[];
  series: readonly TrendSeries[];
}) {
  const max = Math.max(1, ...points.flatMap((point) => series.map((s) => point[s.key])));
  const x = (index: number) => (points.length <= 1 ? WIDTH / 2 : (index / (points.length - 1)) * WIDTH);
  const y = (value: number) => HEIGHT - 4 - (value / max) * (HEIGHT - 8);
  const last = points.at(-1);
  const first = points[0];
  return (
    <figure className="flex flex-col gap-2">
      <figcaption className="text-sm font-medium">{title}</figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-24 w-full overflow-visible"
        preserveAspectRatio="none"
        role="img"
        aria-label={`${title}: ${series.map((s) => `${s.label} ${formatCount(last?.[s.key] ?? 0)}`).join(', ')}`}
      >
        <line x1="0" x2={WIDTH} y1={HEIGHT - 4} y2={HEIGHT - 4} className="stroke-border" strokeWidth="1" />
        {series.map((s) =>
          points.length === 1 ? (
            <circle
              key={s.key}
              cx={x(0)}
              cy={y(points[0]?.[s.key] ?? 0)}
              r="3.5"
              className={s.stroke}
              fill="currentColor"
            />
          ) : (
            <polyline
              key={s.key}
              points={points.map((point, index) => `${x(index)},${y(point[s.key])}`).join(' ')}
              fill="none"
              strokeWidth="2"
              vectorEffect="non-scaling-stroke"
              strokeLinejoin="round"
              className={s.stroke}
              stroke="currentColor"
            />
          ),
        )}
      </svg>
      <div className="flex justify-between text-xs text-muted-foreground tabular-nums">
        <span>{first?.day}</span>
        {points.length > 1 ? <span>{last?.day}</span> : null}
      </div>
      <ChartDataTable
        title={title}
        columns={['Day', ...series.map((s) => s.label)]}
        // Newest first: the figure an admin looks for is today's.
        rows={points.toReversed().map((point) => ({
          key: point.day,
          cells: [point.day, ...series.map((s) => formatCount(point[s.key]))],
        }))}
      />
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs">
        {series.map((s) => (
          <li key={s.key} className="flex items-center gap-1.5">
            <span className={`size-2.5 rounded-sm ${s.swatch}`} aria-hidden="true" />
            {s.label}
            <span className="font-medium tabular-nums">{formatCount(last?.[s.key] ?? 0)}</span>
          </li>
        ))}
      </ul>
    </figure>
  );
}
