import { describe, expect, it } from 'vitest';
import { parseUnits } from './units.ts';

describe('parseUnits', () => {
  it('reads a comma-separated list of unit paths, once each', () => {
    expect(parseUnits(' /Schools/North, /Staff ,/Staff,')).toEqual({
      ok: true,
      units: ['/Schools/North', '/Staff'],
    });
    expect(parseUnits('')).toEqual({ ok: true, units: [] });
  });
  it('names the first entry that is not a unit path', () => {
    expect(parseUnits('/Schools, Schools/North')).toEqual({
      ok: false,
      message: '"Schools/North" is not an organizational unit path such as /Schools/North.',
    });
  });
});
