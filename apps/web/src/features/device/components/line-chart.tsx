import { useId } from 'react';
import { ChartDataTable } from '../../../components/chart-data-table.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { linePath, pointPosition, yDomain, type SeriesPoint } from '../chart-scale.ts';
import { formatDate } from '../format.ts';

/** One series over time as an SVG line, with its latest value marked and its figures as a table. */

const W = 600;
const H = 140;

type Tone = 'accent' | 'warning' | 'success';

/** What a screen reader hears for the chart: the latest, lowest and highest values. */
function chartSummary(
  title: string,
  points: readonly SeriesPoint[],
  format: (value: number) => string,
): string {
  if (points.length === 0) return `${title}: no samples in this period.`;
  const values = points.map((p) => p.y);
  return `${title}: latest ${format(points.at(-1)?.y ?? 0)}, lowest ${format(Math.min(...values))}, highest ${format(Math.max(...values))}, over ${points.length} samples.`;
}

function strokeOf(tone: Tone): string {
  return tone === 'warning'
    ? 'var(--warning-subtle-foreground)'
    : tone === 'success'
      ? 'var(--success-subtle-foreground)'
      : 'var(--accent)';
}

/** The plot itself: grid lines, the filled area under the line, and the line. */
function LinePlot({
  points,
  domain,
  stroke,
  summary,
}: {
  points: readonly SeriesPoint[];
  domain: [number, number];
  stroke: string;
  summary: string;
}) {
  const gradientId = useId();
  const path = linePath(points, W, H, domain);
  return (
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
      {points.length > 1 ? <path d={`${path} L${W},${H} L0,${H} Z`} fill={`url(#${gradientId})`} /> : null}
      <path
        d={path}
        fill="none"
        style={{ stroke }}
        strokeWidth={2}
        strokeLinejoin="round"
        vectorEffect="non-scaling-stroke"
      />
    </svg>
  );
}

/** The chart with its scale, latest-value dot, time span and data table. */
function LineFigure({
  title,
  points,
  format,
  domain,
  stroke,
}: {
  title: string;
  points: readonly SeriesPoint[];
  format: (value: number) => string;
  domain: [number, number];
  stroke: string;
}) {
  const latest = points.at(-1);
  const marker = latest ? pointPosition(points, latest, domain) : undefined;
  return (
    <figure className="flex flex-col gap-1">
      <div className="relative h-36 pl-12">
        <span className="absolute top-0 left-0 w-11 text-right text-[11px] text-muted-foreground tabular-nums">
          {format(domain[1])}
        </span>
        <span className="absolute bottom-0 left-0 w-11 text-right text-[11px] text-muted-foreground tabular-nums">
          {format(domain[0])}
        </span>
        <LinePlot
          points={points}
          domain={domain}
          stroke={stroke}
          summary={chartSummary(title, points, format)}
        />
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
  );
}

/** A health chart's card: its title, latest value, and the line (or a note when there is none). */
export function LineChart({
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
  tone?: Tone;
}) {
  const latest = points.at(-1);
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
          <LineFigure
            title={title}
            points={points}
            format={format}
            domain={yDomain(points, fixedMax)}
            stroke={strokeOf(tone)}
          />
        )}
      </CardContent>
    </Card>
  );
}
