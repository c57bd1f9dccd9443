/**
 * What may be done to a device, zod-free so forms in the browser validate with the same limits the
 * server enforces: Google's annotated-field limits, deprovision reasons, remote command types.
 */

/** Google's Directory limits for the annotated fields (characters). */
export const DEVICE_FIELD_LIMITS = {
  annotatedAssetId: 200,
  annotatedLocation: 200,
  annotatedUser: 100,
  notes: 500,
} as const;

/**
 * What a disabled Chromebook shows comes from a Chrome policy of its organizational unit (inherited
 * from parents), not from the disable call: Google's disable has no message field.
 */
export const RETURN_MESSAGE_POLICY = {
  schema: 'chrome.devices.DisabledDeviceReturnInstructions',
  field: 'deviceDisabledMessage',
} as const;

/** Fleetdeck's bound on that message (Google's field is a plain string without a documented limit). */
export const RETURN_MESSAGE_LIMIT = 1000;

/** Why a device was disabled: kept in Fleetdeck's audit log and timeline only, never sent to Google. */
export const DISABLE_REASONS = ['lost', 'stolen', 'other'] as const;
export type DisableReason = (typeof DISABLE_REASONS)[number];
export const DISABLE_REASON_LABELS: Readonly<Record<DisableReason, string>> = {
  lost: 'Lost',
  stolen: 'Stolen',
  other: 'Other',
};
/** The free-text note beside the reason (Fleetdeck only). */
export const DISABLE_NOTE_LIMIT = 500;

export const DEPROVISION_REASONS = [
  'same_model_replacement',
  'different_model_replacement',
  'retiring_device',
  'upgrade_transfer',
] as const;
export type DeprovisionReason = (typeof DEPROVISION_REASONS)[number];

export const DEPROVISION_REASON_LABELS: Readonly<Record<DeprovisionReason, string>> = {
  same_model_replacement: 'Replaced by the same model',
  different_model_replacement: 'Replaced by a different model',
  retiring_device: 'Retiring the device',
  upgrade_transfer: 'Upgrade transferred to another device',
};

export const DEVICE_COMMAND_TYPES = [
  'REBOOT',
  'WIPE_USERS',
  'REMOTE_POWERWASH',
  'TAKE_A_SCREENSHOT',
  'SET_VOLUME',
  'CAPTURE_LOGS',
] as const;
export type DeviceCommandType = (typeof DEVICE_COMMAND_TYPES)[number];

export interface DeviceCommandInfo {
  readonly label: string;
  /** Commands that erase data ask for typed confirmation. */
  readonly destructive: boolean;
  /** Google accepts these on kiosk and managed guest devices only. */
  readonly kioskOnly: boolean;
  /**
   * Outside kiosk and managed guest sessions, Google accepts this command only from this ChromeOS
   * milestone on (Reboot: 113).
   */
  readonly minimumOsMilestoneOutsideKiosk?: number;
  readonly description: string;
}

export const DEVICE_COMMANDS: Readonly<Record<DeviceCommandType, DeviceCommandInfo>> = {
  REBOOT: {
    label: 'Reboot',
    destructive: false,
    kioskOnly: false,
    minimumOsMilestoneOutsideKiosk: 113,
    description: 'Restarts the device.',
  },
  WIPE_USERS: {
    label: 'Wipe users',
    destructive: true,
    kioskOnly: false,
    description: 'Removes every user profile from the device. Enrollment is kept.',
  },
  REMOTE_POWERWASH: {
    label: 'Remote powerwash',
    destructive: true,
    kioskOnly: false,
    description: 'Factory-resets the device. It re-enrolls automatically if forced re-enrollment is on.',
  },
  TAKE_A_SCREENSHOT: {
    label: 'Take a screenshot',
    destructive: false,
    kioskOnly: true,
    description: 'Captures the screen of a kiosk device.',
  },
  SET_VOLUME: {
    label: 'Set volume',
    destructive: false,
    kioskOnly: true,
    description: 'Sets the kiosk volume.',
  },
  CAPTURE_LOGS: {
    label: 'Capture logs',
    destructive: false,
    kioskOnly: true,
    description: 'Uploads the system logs of a kiosk device; they appear in its device files.',
  },
};

/** Google's command states after which a command never changes again. */
export const TERMINAL_COMMAND_STATES: readonly string[] = ['EXPIRED', 'CANCELLED', 'EXECUTED_BY_CLIENT'];

/** The ChromeOS milestone of a version such as `128.0.6613.5`; undefined when it cannot tell. */
export function osMilestone(osVersion: string | null | undefined): number | undefined {
  const match = /^(\d{1,6})(?:\.|$)/.exec(osVersion?.trim() ?? '');
  return match ? Number(match[1]) : undefined;
}
