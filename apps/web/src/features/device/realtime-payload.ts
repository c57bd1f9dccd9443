/**
 * Whether a `fleet.changed` push concerns this device: it names it, or names no devices at all
 * (a whole sync, or more changes than one message lists), which means any device may have changed.
 * Checked by hand so the realtime contract's zod schema stays out of the page's chunk.
 */
export function concernsDevice(payload: unknown, deviceId: string): boolean {
  if (typeof payload !== 'object' || payload === null) return false;
  const record = payload as Record<string, unknown>;
  if (record.reason !== 'sync' && record.reason !== 'action') return false;
  if (Array.isArray(record.deviceIds)) return record.deviceIds.includes(deviceId);
  return true;
}
