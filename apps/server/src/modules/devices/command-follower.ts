import { sql } from 'kysely';
import { TERMINAL_COMMAND_STATES } from '@fleetdeck/shared/device-actions';
import type { DeviceDeps } from './device-context.ts';
import { refreshIfStale } from './device-commands.ts';

/**
 * Follows remote commands nobody is watching: every open command issued in the last days is read
 * again from Google now and then, so the timeline and the tracker show its end state even when
 * no page polled it (a bulk reboot of 300 devices, a page closed early). Read-only at Google, so
 * several server processes doing it at once is harmless.
 */

export interface FollowOptions {
  /** Commands read per pass, the least recently refreshed first. */
  readonly limit?: number | undefined;
  /** A command refreshed more recently than this is left alone. */
  readonly refreshAfterMs?: number | undefined;
  /** Older commands are left to expire at Google (its TTL is a few days). */
  readonly maxAgeMs?: number | undefined;
}

const DEFAULTS = { limit: 50, refreshAfterMs: 10_000, maxAgeMs: 6 * 86_400_000 };

/** Why: one pass of the follower; resolves with the number of commands whose state moved. */
export async function followOpenCommands(deps: DeviceDeps, options: FollowOptions = {}): Promise<number> {
  const limit = options.limit ?? DEFAULTS.limit;
  const refreshAfterMs = options.refreshAfterMs ?? DEFAULTS.refreshAfterMs;
  const since = new Date(Date.now() - (options.maxAgeMs ?? DEFAULTS.maxAgeMs));
  const open = await deps.db
    .selectFrom('fleet_device_command as c')
    .innerJoin('fleet_device as d', (join) =>
      join.onRef('d.org_id', '=', 'c.org_id').onRef('d.device_id', '=', 'c.device_id'),
    )
    .select(['c.org_id', 'c.device_id', 'c.command_id', 'd.customer_id'])
    .where('c.state', 'not in', [...TERMINAL_COMMAND_STATES])
    .where('c.issued_at', '>', since)
    .where('c.updated_at', '<', sql<Date>`now() - ${`${refreshAfterMs} milliseconds`}::interval`)
    .orderBy('c.updated_at')
    .limit(limit)
    .execute();
  const moved = new Map<string, string[]>();
  for (const row of open) {
    const tenant = { orgId: row.org_id, customerId: row.customer_id };
    if (await refreshIfStale(deps, tenant, row.device_id, row.command_id, { refreshAfterMs })) {
      moved.set(row.org_id, [...(moved.get(row.org_id) ?? []), row.device_id]);
    }
  }
  for (const [orgId, deviceIds] of moved) deps.publishChanged(orgId, { deviceIds });
  return [...moved.values()].reduce((sum, ids) => sum + ids.length, 0);
}
