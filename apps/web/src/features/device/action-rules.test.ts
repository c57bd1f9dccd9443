import { describe, expect, it } from 'vitest';
import { availableActions, commandUnavailable, confirmationWord } from './action-rules.ts';

const everything = { annotate: true, move: true, command: true, deprovision: true };
const nothing = { annotate: false, move: false, command: false, deprovision: false };
const device = {
  status: 'ACTIVE',
  deletedAt: null,
  isKiosk: false,
  serialNumber: 'SN1',
  osVersion: '128.0.6613.5',
};

describe('device action rules', () => {
  it('offers everything to owners and nothing to viewers', () => {
    expect(availableActions({ can: everything, device })).toEqual([
      'edit',
      'move',
      'reboot',
      'commands',
      'disable',
      'deprovision',
    ]);
    expect(availableActions({ can: nothing, device })).toEqual([]);
  });

  it('lets technicians act but not deprovision', () => {
    const actions = availableActions({ can: { ...everything, deprovision: false }, device });
    expect(actions).toContain('disable');
    expect(actions).not.toContain('deprovision');
  });

  it('offers re-enable instead of commands on a disabled device, nothing on a deprovisioned one', () => {
    const disabled = availableActions({ can: everything, device: { ...device, status: 'DISABLED' } });
    expect(disabled).toContain('reenable');
    expect(disabled).not.toContain('reboot');
    expect(availableActions({ can: everything, device: { ...device, status: 'DEPROVISIONED' } })).toEqual([]);
    expect(availableActions({ can: everything, device: { ...device, deletedAt: '2026-01-01' } })).toEqual([]);
  });

  it('keeps kiosk-only commands for kiosks and asks for the serial to confirm', () => {
    expect(commandUnavailable('SET_VOLUME', { can: everything, device })).toBe(
      'Kiosk and managed guest devices only',
    );
    expect(
      commandUnavailable('SET_VOLUME', { can: everything, device: { ...device, isKiosk: true } }),
    ).toBeUndefined();
    expect(commandUnavailable('REBOOT', { can: everything, device })).toBeUndefined();
    expect(confirmationWord({ can: everything, device })).toBe('SN1');
    expect(confirmationWord({ can: everything, device: { ...device, serialNumber: null } })).toBe(
      'DEPROVISION',
    );
  });

  it('offers Reboot outside kiosks from ChromeOS 113 on, and leaves an unknown version to Google', () => {
    const on = (osVersion: string | null, isKiosk = false) =>
      commandUnavailable('REBOOT', { can: everything, device: { ...device, osVersion, isKiosk } });
    expect(on('112.0.5615.134')).toBe('Needs ChromeOS 113 or later (this device runs 112)');
    expect(on('113.0.5672.134')).toBeUndefined();
    expect(on('112.0.5615.134', true)).toBeUndefined();
    expect(on(null)).toBeUndefined();
  });
});
