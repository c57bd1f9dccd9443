/**
 * The arithmetic behind the hand-rolled SVG charts: series from samples, domains, and the path
 * strings. Pure, so it is unit-tested without a browser.
 */

export interface SeriesPoint {
  readonly t: number;
  readonly y: number;
}

/** Points with a value, oldest first; samples without one leave gaps out. */
export function seriesOf<T>(
  samples: readonly T[],
  time: (sample: T) => string,
  value: (sample: T) => number | null | undefined,
): SeriesPoint[] {
  const points: SeriesPoint[] = [];
  for (const sample of samples) {
    const y = value(sample);
    const t = Date.parse(time(sample));
    if (y === null || y === undefined || !Number.isFinite(y) || Number.isNaN(t)) continue;
    points.push({ t, y });
  }
  return points.sort((a, b) => a.t - b.t);
}

/** A y range that starts at zero (or the data's floor when asked) and ends at a round-ish top. */
export function yDomain(points: readonly SeriesPoint[], fixedMax?: number): [number, number] {
  if (fixedMax !== undefined) return [0, fixedMax];
  const max = Math.max(0, ...points.map((p) => p.y));
  if (max === 0) return [0, 1];
  const magnitude = 10 ** Math.floor(Math.log10(max));
  const top = Math.ceil((max * 1.1) / magnitude) * magnitude;
  return [0, top];
}

/** The SVG path of a line through the points in a width × height box (y grows downwards). */
export function linePath(
  points: readonly SeriesPoint[],
  width: number,
  height: number,
  domain: [number, number],
): string {
  if (points.length === 0) return '';
  const first = points[0]?.t ?? 0;
  const last = points.at(-1)?.t ?? first;
  const span = last - first || 1;
  const [min, max] = domain;
  const range = max - min || 1;
  return points
    .map((p, i) => {
      const x = points.length === 1 ? width / 2 : ((p.t - first) / span) * width;
      const y = height - ((p.y - min) / range) * height;
      return `${i === 0 ? 'M' : 'L'}${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
}

/** Where a point sits in the plot, as fractions of its width and height from the top left. */
export function pointPosition(
  points: readonly SeriesPoint[],
  point: SeriesPoint,
  domain: [number, number],
): { x: number; y: number } {
  const first = points[0]?.t ?? point.t;
  const last = points.at(-1)?.t ?? point.t;
  const x = last === first ? 0.5 : (point.t - first) / (last - first);
  const [min, max] = domain;
  const y = 1 - (point.y - min) / (max - min || 1);
  return { x, y: Math.min(1, Math.max(0, y)) };
}

/** Percent of a part in a whole, or null when either is missing. */
export function percentOf(part: number | null | undefined, whole: number | null | undefined): number | null {
  if (part === null || part === undefined || !whole) return null;
  return Math.round((part / whole) * 1000) / 10;
}
