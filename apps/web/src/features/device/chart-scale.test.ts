import { describe, expect, it } from 'vitest';
import { linePath, percentOf, pointPosition, seriesOf, yDomain } from './chart-scale.ts';

describe('chart scale', () => {
  it('builds a sorted series and skips samples without a value', () => {
    const samples = [
      { at: '2026-11-02T00:00:00Z', v: 2 },
      { at: '2026-11-01T00:00:00Z', v: 1 },
      { at: '2026-11-03T00:00:00Z', v: null },
    ];
    expect(
      seriesOf(
        samples,
        (s) => s.at,
        (s) => s.v,
      ).map((p) => p.y),
    ).toEqual([1, 2]);
  });

  it('rounds the y domain up from zero', () => {
    expect(yDomain([{ t: 0, y: 47 }])).toEqual([0, 60]);
    expect(yDomain([{ t: 0, y: 870 }])).toEqual([0, 1000]);
    expect(yDomain([])).toEqual([0, 1]);
    expect(yDomain([{ t: 0, y: 5 }], 100)).toEqual([0, 100]);
  });

  it('draws a path across the box', () => {
    const path = linePath(
      [
        { t: 0, y: 0 },
        { t: 10, y: 50 },
        { t: 20, y: 100 },
      ],
      200,
      100,
      [0, 100],
    );
    expect(path).toBe('M0.0,100.0 L100.0,50.0 L200.0,0.0');
    expect(linePath([], 200, 100, [0, 1])).toBe('');
  });

  it('places the latest-value marker, centred for a single sample', () => {
    const points = [
      { t: 0, y: 20 },
      { t: 10, y: 80 },
    ];
    const latest = pointPosition(points, { t: 10, y: 80 }, [0, 100]);
    expect(latest.x).toBe(1);
    expect(latest.y).toBeCloseTo(0.2);
    expect(pointPosition([{ t: 5, y: 50 }], { t: 5, y: 50 }, [0, 100])).toEqual({ x: 0.5, y: 0.5 });
  });

  it('computes percentages only from complete numbers', () => {
    expect(percentOf(40, 50)).toBe(80);
    expect(percentOf(null, 50)).toBeNull();
    expect(percentOf(1, 0)).toBeNull();
  });
});
