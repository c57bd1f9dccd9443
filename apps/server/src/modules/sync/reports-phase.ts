import { sql } from 'kysely';
import { GooglePermissionError } from '@fleetdeck/google/errors';
import type { SyncContext } from './sync-context.ts';

/**
 * Google's own fleet reports, stored whole for the dashboard next to our rollups: the five
 * needs-attention counts and devices per AUE month. Small, unpaged, one row each.
 */

/** Why: Google's needs-attention categories are computed by Google; we show its numbers. */
export async function syncReports(ctx: SyncContext): Promise<void> {
  ctx.tracker.enter('reports');
  const management = ctx.google.management;
  const reports: [string, () => Promise<unknown>][] = [
    ['needsAttention', () => management.countChromeDevicesThatNeedAttention({}, { signal: ctx.signal })],
    ['aueCounts', () => management.countChromeDevicesReachingAutoExpirationDate({}, { signal: ctx.signal })],
  ];
  for (const [name, fetchReport] of reports) {
    let data: unknown;
    try {
      data = await fetchReport();
    } catch (error) {
      if (!(error instanceof GooglePermissionError)) throw error;
      ctx.tracker.addError({
        code: 'report_not_permitted',
        message: `${name}: ${error.message}`,
        recovered: true,
      });
      continue;
    }
    await sql`
      insert into fleet_report (org_id, report, fetched_at, data)
      values (${ctx.orgId}, ${name}, now(), ${JSON.stringify(data)}::jsonb)
      on conflict (org_id, report) do update set fetched_at = now(), data = excluded.data`.execute(ctx.db);
  }
}
