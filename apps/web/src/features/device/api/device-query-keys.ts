/** Why: one place names every cached query of a device, so actions and realtime invalidate the right ones. */
export const deviceKeys = {
  all: (deviceId: string) => ['device', deviceId] as const,
  detail: (deviceId: string) => ['device', deviceId, 'detail'] as const,
  telemetry: (deviceId: string, days: number) => ['device', deviceId, 'telemetry', days] as const,
  timeline: (deviceId: string) => ['device', deviceId, 'timeline'] as const,
  commands: (deviceId: string) => ['device', deviceId, 'commands'] as const,
  returnMessage: (deviceId: string) => ['device', deviceId, 'return-message'] as const,
  command: (deviceId: string, commandId: string) => ['device', deviceId, 'command', commandId] as const,
};

/** Why: a device path segment is validated by the route, but ids still travel URL-encoded. */
export function devicePath(deviceId: string, rest = ''): string {
  return `/api/devices/${encodeURIComponent(deviceId)}${rest}`;
}
