import { sql, type Kysely, type RawBuilder } from 'kysely';
import { roleCan } from '@fleetdeck/shared/permissions';
import { PLAN_LIMITS, type CreateRolloverRequest } from '@fleetdeck/shared/plan-contract';
import type { DB } from '../../db/schema.ts';
import { appErrors } from '../../errors/app-error.ts';
import type { DeviceTenant } from '../devices/device-tenant.ts';
import { compileDeviceQuery } from '../fleet/device-query-sql.ts';
import { scopePredicate } from '../fleet/fleet-scope.ts';
import { deletePlan, finishBuild, insertBuildingPlan } from './plans.repository.ts';
import { loadUnits } from './plan-units.ts';
import { checkPairs, orderPairs, pairsFromCsv, type OrderedPair } from './rollover-pairs.ts';

/**
 * A school-year rollover built into a plan: the devices directly in each source unit (sub-units
 * keep theirs), narrowed by the fleet query when one is given, each listed with the unit it
 * leaves and the one it goes to, in the pairs' safe order. Counted and sampled per pair first,
 * then written in one statement.
 */

interface PairFigures {
  readonly index: number;
  readonly devices: number;
  readonly sample: { deviceId: string; serialNumber: string | null }[];
}

const DEVICE_STATE = sql`jsonb_build_object('orgUnitPath', d.org_unit_path, 'annotatedAssetId', d.annotated_asset_id,
  'annotatedLocation', d.annotated_location, 'annotatedUser', d.annotated_user, 'notes', d.notes, 'status', d.status)`;

function pairsJson(pairs: readonly OrderedPair[]): string {
  return JSON.stringify(
    pairs.map((pair, index) => ({ idx: index, from_path: pair.from, to_path: pair.to, ord: pair.order })),
  );
}

/** Why: the admin reads how many devices each pair moves, and a few of them, before anything runs. */
async function figuresOf(
  db: Kysely<DB>,
  where: RawBuilder<boolean>,
  pairs: readonly OrderedPair[],
): Promise<PairFigures[]> {
  const { rows } = await sql<{
    idx: number;
    n: number;
    sample: { deviceId: string; serialNumber: string | null }[];
  }>`
    select p.idx, c.n, coalesce(s.sample, '[]'::jsonb) as sample
    from jsonb_to_recordset(${pairsJson(pairs)}::jsonb) as p(idx integer, from_path text)
    cross join lateral (
      select count(*)::int as n from fleet_device d where ${where} and d.org_unit_path = p.from_path) c
    cross join lateral (
      select jsonb_agg(jsonb_build_object('deviceId', x.device_id, 'serialNumber', x.serial_number)) as sample
      from (select d.device_id, d.serial_number from fleet_device d
            where ${where} and d.org_unit_path = p.from_path
            order by d.serial_number, d.device_id limit ${PLAN_LIMITS.rolloverSample}) x) s
    order by p.idx`.execute(db);
  return rows.map((row) => ({ index: row.idx, devices: row.n, sample: row.sample }));
}

async function writeItems(
  db: Kysely<DB>,
  tenant: DeviceTenant,
  planId: string,
  where: RawBuilder<boolean>,
  pairs: readonly OrderedPair[],
): Promise<void> {
  await sql`
    insert into plan_item (org_id, plan_id, item_no, device_id, serial_number, outcome, apply_order, before, change)
    select ${tenant.orgId}, ${planId}::uuid,
      row_number() over (order by p.ord, p.idx, d.serial_number, d.device_id),
      d.device_id, d.serial_number, 'change', p.ord, ${DEVICE_STATE}, jsonb_build_object('orgUnitPath', p.to_path)
    from jsonb_to_recordset(${pairsJson(pairs)}::jsonb) as p(idx integer, from_path text, to_path text, ord integer)
    join fleet_device d on d.org_unit_path = p.from_path and ${where}`.execute(db);
}

/** Why: the one entry point; pairs and query are checked before the plan exists, so a bad one leaves nothing. */
export async function buildRolloverPlan(
  db: Kysely<DB>,
  tenant: DeviceTenant,
  request: CreateRolloverRequest,
): Promise<string> {
  if (!roleCan(tenant.role, 'device.move')) throw appErrors.forbidden();
  const units = await loadUnits(db, tenant);
  const written = request.csv !== undefined ? await pairsFromCsv(request.csv) : (request.pairs ?? []);
  const pairs = orderPairs(checkPairs(written, units));
  const scope = { orgId: tenant.orgId, ouPaths: tenant.allowedOuPaths };
  const query = request.query && request.query !== '' ? request.query : null;
  const where = query ? await compileDeviceQuery(db, scope, query) : await scopePredicate(db, scope);
  const figures = await figuresOf(db, where, pairs);
  const total = figures.reduce((sum, pair) => sum + pair.devices, 0);
  if (total > PLAN_LIMITS.planItems)
    throw appErrors.invalidRequest(
      `These pairs move ${total.toLocaleString('en-US')} devices; a plan holds at most ${PLAN_LIMITS.planItems.toLocaleString('en-US')}. Split the rollover into several plans.`,
    );
  const source = {
    query,
    pairs: pairs.map((pair, index) => ({
      from: pair.from,
      to: pair.to,
      order: pair.order,
      devices: figures[index]?.devices ?? 0,
      sample: figures[index]?.sample ?? [],
    })),
  };
  const planId = await insertBuildingPlan(db, {
    orgId: tenant.orgId,
    kind: 'rollover',
    title: request.title ?? `Rollover: ${pairs.length} unit${pairs.length === 1 ? '' : 's'}`,
    source,
    permissions: ['device.move'],
    createdBy: tenant.userId,
  });
  try {
    await writeItems(db, tenant, planId, where, pairs);
    await finishBuild(db, tenant.orgId, planId);
    return planId;
  } catch (error) {
    await deletePlan(db, tenant.orgId, planId);
    throw error;
  }
}
