/**
 * `fleet.changed` as the browser reads it, checked by hand (the realtime contract's zod schema
 * stays out of the page's chunk).
 */
export interface FleetChanged {
  readonly reason: 'sync' | 'action';
  readonly deviceIds: readonly string[] | undefined;
  readonly added: number;
}

/** Why: a malformed push must not break the table; it is ignored. */
export function readFleetChanged(payload: unknown): FleetChanged | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const record = payload as Record<string, unknown>;
  if (record.reason !== 'sync' && record.reason !== 'action') return null;
  const ids = Array.isArray(record.deviceIds)
    ? record.deviceIds.filter((id): id is string => typeof id === 'string')
    : undefined;
  const added = typeof record.added === 'number' && record.added > 0 ? Math.floor(record.added) : 0;
  return { reason: record.reason, deviceIds: ids, added };
}
