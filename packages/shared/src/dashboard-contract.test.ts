import { describe, expect, it } from 'vitest';
import { dashboardResponseSchema, schoolYearLabel, schoolYearOf } from './dashboard-contract.ts';

describe('dashboard contract', () => {
  it('puts an AUE date in its July–June school year', () => {
    expect(schoolYearOf('2027-07-01')).toBe(2027);
    expect(schoolYearOf('2027-06-30')).toBe(2026);
    expect(schoolYearOf('2030-01-15')).toBe(2029);
    expect(schoolYearLabel(2027)).toBe('2027–28');
    expect(schoolYearLabel(2099)).toBe('2099–00');
  });

  it('refuses a response whose tile is not one the dashboard knows', () => {
    const count = { key: 'total', label: 'Devices', count: 0, query: '' };
    const base = {
      state: 'no_devices',
      asOf: null,
      syncRunning: false,
      scopeOuPaths: [],
      total: count,
      inService: count,
      statuses: [],
      tiles: [],
      attention: [],
      attentionFetchedAt: null,
      compliance: [],
      battery: [],
      aue: {
        schoolYears: [],
        pastDue: { before: '2026–27', count: 0, query: '', costCents: 0, models: [] },
        withoutDate: 0,
        currency: 'USD',
        forecastCents: 0,
      },
      os: { referenceMajor: null, versions: [], unknown: 0 },
      models: [],
      trends: [],
    };
    expect(dashboardResponseSchema.safeParse(base).success).toBe(true);
    expect(
      dashboardResponseSchema.safeParse({ ...base, tiles: [{ ...count, key: 'mystery' }] }).success,
    ).toBe(false);
  });
});
