import { sql, type Kysely } from 'kysely';
import { roleCan, type Permission } from '@fleetdeck/shared/permissions';
import type { DB } from '../../db/schema.ts';
import { recordAudit } from '../audit/audit-log.ts';
import { inScope, type DeviceTenant } from '../devices/device-tenant.ts';
import { readMemberContext } from '../identity/principal.ts';
import type { DeviceNow } from './plan-run-checks.ts';
import type { UnitOf } from './plan-run-google.ts';
import { runCounts } from './plan-run.repository.ts';
import type { PlanRow } from './plans.repository.ts';

/**
 * A run's surroundings: the member who started it as they are now (role and units, read at run
 * time, so a member who lost a unit no longer changes its devices), the organization's units and
 * customer, our copy of a call's devices; and the ends of a run: paused with why, or done.
 */

export interface RunContext {
  readonly customerId: string;
  readonly runner: DeviceTenant;
  readonly unitOf: UnitOf;
  readonly inRunnerUnits: (path: string | null) => boolean;
}

/** Why: the context, or why the run cannot go on (the member left, or lost a right it needs). */
export async function loadRunContext(db: Kysely<DB>, plan: PlanRow): Promise<RunContext | string> {
  const member = plan.run_by ? await readMemberContext(db, plan.run_by) : undefined;
  if (!member || member.orgId !== plan.org_id)
    return 'The member who started this run is no longer a member of the organization. Another member can resume it.';
  const missing = (plan.permissions as Permission[]).filter(
    (permission) => !roleCan(member.role, permission),
  );
  if (missing.length > 0)
    return 'The member who started this run no longer has the role to make these changes. Another member can resume it.';
  const runner: DeviceTenant = {
    orgId: plan.org_id,
    customerId: member.customerId,
    userId: plan.run_by ?? '',
    role: member.role,
    allowedOuPaths: member.ouPaths,
    wholeTree: member.wholeTree,
  };
  const units = await db
    .selectFrom('fleet_org_unit')
    .select(['org_unit_path', 'org_unit_id'])
    .where('org_id', '=', plan.org_id)
    .where('deleted_at', 'is', null)
    .execute();
  const byLower = new Map(
    units.map((u) => [u.org_unit_path.toLowerCase(), { path: u.org_unit_path, id: u.org_unit_id }]),
  );
  return {
    customerId: runner.customerId,
    runner,
    unitOf: (path) => byLower.get(path.toLowerCase()),
    inRunnerUnits: (path) => inScope(runner, path),
  };
}

/** Why: the runner decides from our copy of the devices (a deleted device is not there). */
export async function devicesNow(
  db: Kysely<DB>,
  orgId: string,
  deviceIds: readonly string[],
): Promise<Map<string, DeviceNow>> {
  if (deviceIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('fleet_device')
    .select([
      'device_id',
      'org_unit_path',
      'annotated_asset_id',
      'annotated_location',
      'annotated_user',
      'notes',
      'status',
    ])
    .where('org_id', '=', orgId)
    .where('device_id', 'in', deviceIds)
    .where('deleted_at', 'is', null)
    .execute();
  return new Map(
    rows.map((row) => [
      row.device_id,
      {
        orgUnitPath: row.org_unit_path,
        annotatedAssetId: row.annotated_asset_id,
        annotatedLocation: row.annotated_location,
        annotatedUser: row.annotated_user,
        notes: row.notes,
        status: row.status,
      },
    ]),
  );
}

/** Why: a run that cannot go on waits for a member, with why; nothing pending is lost. */
export async function pauseRun(db: Kysely<DB>, plan: PlanRow, worker: string, note: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const paused = await sql`update plan set state = 'paused', paused_at = now(), paused_by = null,
        run_note = ${note}, lease_owner = null, lease_until = null
      where org_id = ${plan.org_id} and id = ${plan.id}::uuid and state = 'running'
        and (lease_owner = ${worker} or lease_owner is null)`.execute(tx);
    if (Number(paused.numAffectedRows ?? 0) === 0) return;
    await recordAudit(tx, {
      action: 'plan.paused',
      outcome: 'failure',
      orgId: plan.org_id,
      actorUserId: plan.run_by,
      origin: { kind: 'plan', planId: plan.id },
      targetType: 'plan',
      targetId: plan.id,
      targetLabel: plan.title,
      details: { reason: note },
    });
  });
}

/** Why: the run ended (every change sent, skipped or failed): done, once, audited with its counts. */
export async function finishRun(db: Kysely<DB>, plan: PlanRow, worker: string): Promise<PlanRow | undefined> {
  return db.transaction().execute(async (tx) => {
    const { rows } = await sql<PlanRow>`update plan set state = 'done', finished_at = now(),
        lease_owner = null, lease_until = null
      where org_id = ${plan.org_id} and id = ${plan.id}::uuid and state = 'running' and lease_owner = ${worker}
      returning *`.execute(tx);
    const done = rows[0];
    if (!done) return undefined;
    // An undo plan that has run leaves the plan it undoes undone.
    if (done.undo_of)
      await sql`update plan set state = 'undone' where org_id = ${plan.org_id} and id = ${done.undo_of}::uuid
        and state = 'done'`.execute(tx);
    const counts = (await runCounts(tx, plan.org_id, [plan.id])).get(plan.id);
    await recordAudit(tx, {
      action: 'plan.finished',
      outcome: (counts?.failed ?? 0) === 0 ? 'success' : 'failure',
      orgId: plan.org_id,
      actorUserId: plan.run_by,
      origin: { kind: 'plan', planId: plan.id },
      targetType: 'plan',
      targetId: plan.id,
      targetLabel: plan.title,
      details: { kind: plan.kind, ...counts },
    });
    return done;
  });
}
