import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** A sync run or bulk action in words: "Full sync", "Bulk disable of 12 devices". */
const BULK_KIND_WORDS: Record<string, string> = {
  annotate: 'Bulk edit',
  move: 'Bulk move',
  disable: 'Bulk disable',
  reenable: 'Bulk re-enable',
  deprovision: 'Bulk deprovision',
  command: 'Bulk command',
};

/**
 * Why: an admin reads a serial number, an OU path or an email, not an id; the words are kept
 * with the entry when it is written, since the device, unit or member may be gone later. Every
 * lookup is within the organization and compares ids as text (a malformed id finds nothing).
 */
export async function auditTargetLabel(
  tx: Kysely<DB>,
  orgId: string,
  targetType: string,
  targetId: string,
  details: Record<string, unknown>,
): Promise<string | null> {
  const detailEmail = typeof details['email'] === 'string' ? details['email'] : null;
  switch (targetType) {
    case 'device': {
      const { rows } = await sql<{ label: string | null }>`
        select coalesce(serial_number, annotated_asset_id) as label from fleet_device
        where org_id = ${orgId} and device_id = ${targetId} limit 1`.execute(tx);
      return rows[0]?.label ?? null;
    }
    case 'org_unit': {
      if (targetId.startsWith('/')) return targetId;
      const { rows } = await sql<{ label: string }>`
        select org_unit_path as label from fleet_org_unit
        where org_id = ${orgId} and org_unit_id = ${targetId} limit 1`.execute(tx);
      return rows[0]?.label ?? null;
    }
    case 'user': {
      if (detailEmail) return detailEmail;
      const present = await sql<{
        present: boolean;
      }>`select to_regclass('"user"') is not null as present`.execute(tx);
      if (!present.rows[0]?.present) return null;
      const { rows } = await sql<{
        label: string;
      }>`select email as label from "user" where id = ${targetId}`.execute(tx);
      return rows[0]?.label ?? null;
    }
    case 'invitation':
      return detailEmail;
    case 'bulk_action': {
      const { rows } = await sql<{ kind: string; total: number }>`
        select kind, total from bulk_action_run where org_id = ${orgId} and id::text = ${targetId}`.execute(
        tx,
      );
      const run = rows[0];
      if (!run) return null;
      const total = run.total;
      return `${BULK_KIND_WORDS[run.kind] ?? `Bulk ${run.kind}`} of ${total} device${total === 1 ? '' : 's'}`;
    }
    case 'sync_run': {
      const { rows } = await sql<{ kind: string }>`
        select kind from sync_run where org_id = ${orgId} and id::text = ${targetId}`.execute(tx);
      const kind = rows[0]?.kind;
      return kind ? `${kind === 'full' ? 'Full' : 'Incremental'} sync` : null;
    }
    case 'saved_view': {
      const { rows } = await sql<{ name: string }>`
        select name from saved_view where org_id = ${orgId} and id::text = ${targetId}`.execute(tx);
      return rows[0]?.name ?? (typeof details['name'] === 'string' ? details['name'] : null);
    }
    case 'organization':
    case 'fleet': {
      const { rows } = await sql<{ name: string }>`select name from org where id = ${orgId}`.execute(tx);
      return rows[0]?.name ?? null;
    }
    default:
      return null;
  }
}
