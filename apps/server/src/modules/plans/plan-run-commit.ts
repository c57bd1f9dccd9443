import type { Kysely } from 'kysely';
import type { AuditAction } from '@fleetdeck/shared/audit-actions';
import type { ChromeOsDevice } from '@fleetdeck/google/directory/chromeos-device.schema';
import type { DB } from '../../db/schema.ts';
import { recordAudit } from '../audit/audit-log.ts';
import { writeDevicesFromGoogle, writeKnownChanges, type ActionActor } from '../devices/device-copy.ts';
import { partTargets, statusAfter, type Part } from './plan-run-checks.ts';
import type { UnitOf } from './plan-run-google.ts';
import { writeResults, type ItemResult, type RunItem } from './plan-run.repository.ts';
import type { PlanRow } from './plans.repository.ts';

/**
 * A call's results written in one transaction: each item's run state, our copy of the devices it
 * changed (their history naming the plan, `plan:<id>`, so the device timeline says which plan),
 * and an audit entry per device change with the plan as its origin and the member who started
 * the run as its actor.
 */

export interface RunScope {
  readonly plan: Pick<PlanRow, 'org_id' | 'id' | 'title' | 'run_by'>;
  readonly customerId: string;
  readonly unitOf: UnitOf;
}

/** A part of an item that Google now holds. */
export interface AppliedPart {
  readonly item: RunItem;
  readonly part: Part;
  /** A patch's answer (the whole device); moves and status changes answer none. */
  readonly device?: ChromeOsDevice | undefined;
}

/** The history reference of a plan's changes (the device timeline links it back to the plan). */
export const planRef = (planId: string) => `plan:${planId}`;

const AUDIT_OF: Readonly<Record<Part, AuditAction>> = {
  move: 'device.move',
  patch: 'device.annotate',
  status: 'device.disable',
};

async function writeCopy(
  tx: Kysely<DB>,
  scope: RunScope,
  applied: readonly AppliedPart[],
  actor: ActionActor,
) {
  const copy = { orgId: scope.plan.org_id, customerId: scope.customerId };
  const devices = applied.flatMap((a) => (a.device ? [a.device] : []));
  if (devices.length > 0) await writeDevicesFromGoogle(tx, copy, devices, actor);
  const known = new Map<string, { ids: string[]; changes: Record<string, string> }>();
  for (const { item, part, device } of applied) {
    if (device) continue;
    const changes: Record<string, string> = {};
    if (part === 'status') changes.status = statusAfter(item.change.status) ?? '';
    else if (item.change.orgUnitPath !== undefined) {
      const unit = scope.unitOf(item.change.orgUnitPath);
      if (unit) Object.assign(changes, { orgUnitPath: unit.path, orgUnitId: unit.id });
    }
    if (Object.keys(changes).length === 0) continue;
    const key = JSON.stringify(changes);
    const group = known.get(key) ?? { ids: [], changes };
    group.ids.push(item.device_id);
    known.set(key, group);
  }
  for (const { ids, changes } of known.values()) await writeKnownChanges(tx, copy, ids, changes, actor);
}

/** Why: one audit entry per device a plan changed, linked to the plan. */
async function auditChanges(tx: Kysely<DB>, scope: RunScope, applied: readonly AppliedPart[]) {
  for (const { item, part } of applied) {
    const action: AuditAction =
      part === 'status' && item.change.status === 'reenable' ? 'device.reenable' : AUDIT_OF[part];
    const fields = Object.fromEntries(partTargets(item.change, part));
    const before = Object.fromEntries(
      Object.keys(fields).map((field) => [field, item.before[field as 'notes']]),
    );
    await recordAudit(tx, {
      action,
      outcome: 'success',
      orgId: scope.plan.org_id,
      actorUserId: scope.plan.run_by,
      origin: { kind: 'plan', planId: scope.plan.id },
      targetType: 'device',
      targetId: item.device_id,
      ...(item.serial_number ? { targetLabel: item.serial_number } : {}),
      details: { plan: scope.plan.title, planId: scope.plan.id, before, after: fields },
    });
  }
}

/** Why: the results of one call, our copy and the audit log agree, or none of them is written. */
export async function commitCall(
  db: Kysely<DB>,
  scope: RunScope,
  results: readonly ItemResult[],
  applied: readonly AppliedPart[],
  renew: (tx: Kysely<DB>) => Promise<unknown>,
): Promise<void> {
  const actor: ActionActor = { userId: scope.plan.run_by, ref: planRef(scope.plan.id) };
  await db.transaction().execute(async (tx) => {
    // The plan's row first, then the audit chain: the order every change of a plan's state takes
    // (a pause locks the plan, then audits), so a pause during a commit waits instead of deadlocking.
    await renew(tx);
    await writeResults(tx, scope.plan.org_id, scope.plan.id, results);
    if (applied.length > 0) {
      await writeCopy(tx, scope, applied, actor);
      await auditChanges(tx, scope, applied);
    }
  });
}
