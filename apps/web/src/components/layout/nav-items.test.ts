import { describe, expect, it } from 'vitest';
import { PRIMARY_NAV, SETTINGS_NAV, isNavItemActive } from './nav-items.ts';

const [dashboard, fleet, policy] = PRIMARY_NAV;

describe('isNavItemActive', () => {
  it('lists the seed routes in the primary navigation', () => {
    expect(PRIMARY_NAV.map((item) => [item.label, item.to])).toEqual([
      ['Dashboard', '/dashboard'],
      ['Fleet status', '/devices/fleetStatus'],
      ['Policy debugger', '/debugPolicy'],
    ]);
  });

  it('highlights the item for its own path', () => {
    expect(dashboard && isNavItemActive(dashboard, '/dashboard')).toBe(true);
    expect(policy && isNavItemActive(policy, '/debugPolicy')).toBe(true);
  });

  it('keeps Fleet status highlighted on a device page', () => {
    expect(fleet && isNavItemActive(fleet, '/devices/chromebook/abc')).toBe(true);
    expect(dashboard && isNavItemActive(dashboard, '/devices/chromebook/abc')).toBe(false);
  });

  it('does not treat a shared prefix as a match', () => {
    expect(dashboard && isNavItemActive(dashboard, '/dashboards')).toBe(false);
    expect(isNavItemActive(SETTINGS_NAV, '/settings/team')).toBe(true);
    expect(isNavItemActive(SETTINGS_NAV, '/settingsx')).toBe(false);
  });
});
