import { describe, expect, it } from 'vitest';
import { fleetHref, formatAge, formatMoney, formatShare } from './fleet-link.ts';

describe('dashboard links and figures', () => {
  it('links a query to the fleet table, encoded', () => {
    expect(fleetHref('status:ACTIVE model:"HP Chromebook 11"')).toBe(
      '/devices/fleetStatus?q=status%3AACTIVE%20model%3A%22HP%20Chromebook%2011%22',
    );
    expect(fleetHref('')).toBe('/devices/fleetStatus');
    expect(fleetHref(null)).toBeNull();
  });

  it('reads shares, money and ages the way an admin expects', () => {
    expect(formatShare(1, 300)).toBe('<1%');
    expect(formatShare(0, 0)).toBe('—');
    expect(formatShare(150, 300)).toBe('50%');
    expect(formatMoney(4_830_000, 'USD')).toBe('$48,300');
    // One precision everywhere: a million reads to the unit like its lines, never as "€1.3M".
    expect(formatMoney(125_000_000, 'EUR')).toBe('€1,250,000');
    expect(formatMoney(29_950, 'USD')).toBe('$300');
    expect(formatAge('2026-01-01T00:00:00Z', Date.parse('2026-01-01T00:05:00Z'))).toBe('5 minutes ago');
  });
});
