import { DEVICE_COMMANDS, osMilestone, type DeviceCommandType } from '@fleetdeck/shared/device-actions';
import type { DeviceDetail } from '@fleetdeck/shared/device-contract';

/**
 * What the page offers for a device: the detail's `can` flags (the server's role matrix) crossed
 * with the device's state, so nothing is shown that the server or Google would refuse.
 */

export type DeviceAction = 'edit' | 'move' | 'disable' | 'reenable' | 'deprovision' | 'reboot' | 'commands';

type Detail = Pick<DeviceDetail, 'can'> & {
  device: Pick<DeviceDetail['device'], 'status' | 'deletedAt' | 'isKiosk' | 'serialNumber' | 'osVersion'>;
};

/** Which actions this caller may take on this device now. */
export function availableActions(detail: Detail): DeviceAction[] {
  const { can, device } = detail;
  const gone = device.status === 'DEPROVISIONED' || device.deletedAt !== null;
  if (gone) return [];
  const actions: DeviceAction[] = [];
  if (can.annotate) actions.push('edit');
  if (can.move) actions.push('move');
  if (can.command && device.status !== 'DISABLED') actions.push('reboot', 'commands');
  // Disabling a lost device is help-desk work (the command permission); deprovisioning is not.
  if (can.command) actions.push(device.status === 'DISABLED' ? 'reenable' : 'disable');
  if (can.deprovision) actions.push('deprovision');
  return actions;
}

/** Why a command cannot be sent to this device, or undefined when it can. */
export function commandUnavailable(type: DeviceCommandType, detail: Detail): string | undefined {
  const info = DEVICE_COMMANDS[type];
  if (info.kioskOnly && !detail.device.isKiosk) return 'Kiosk and managed guest devices only';
  const minimum = info.minimumOsMilestoneOutsideKiosk;
  const milestone = osMilestone(detail.device.osVersion);
  if (minimum !== undefined && milestone !== undefined && milestone < minimum && !detail.device.isKiosk)
    return `Needs ChromeOS ${minimum} or later (this device runs ${milestone})`;
  return undefined;
}

/** What a destructive action asks to be typed: the serial number, or DEPROVISION when Google has none. */
export function confirmationWord(detail: Detail): string {
  return detail.device.serialNumber ?? 'DEPROVISION';
}
