import { describe, expect, it } from 'vitest';
import { PRIMARY_NAV, SETTINGS_NAV, isNavItemActive, navItemsFor } from './nav-items.ts';

const [dashboard, fleet, policy] = PRIMARY_NAV;

describe('isNavItemActive', () => {
  it('lists the primary navigation in order', () => {
    expect(PRIMARY_NAV.map((item) => [item.label, item.to])).toEqual([
      ['Dashboard', '/dashboard'],
      ['Fleet status', '/devices/fleetStatus'],
      ['Policy debugger', '/debugPolicy'],
      ['Change plans', '/plans'],
    ]);
  });

  it('shows Change plans to the roles that make or approve plans, never to viewers', () => {
    const labels = (role: Parameters<typeof navItemsFor>[1]) =>
      navItemsFor(PRIMARY_NAV, role).map((item) => item.label);
    for (const role of ['owner', 'admin', 'technician'] as const)
      expect(labels(role)).toContain('Change plans');
    expect(labels('viewer')).toEqual(['Dashboard', 'Fleet status', 'Policy debugger']);
    expect(labels(undefined)).not.toContain('Change plans');
  });

  it('keeps the plan pages under Change plans', () => {
    const plans = PRIMARY_NAV[3];
    expect(plans && isNavItemActive(plans, '/plans/new/csv')).toBe(true);
    expect(plans && isNavItemActive(plans, '/plansx')).toBe(false);
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
