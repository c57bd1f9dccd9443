import type { Kysely } from 'kysely';
import type { ReplacementCosts, UpdateReplacementCosts } from '@fleetdeck/shared/dashboard-contract';
import type { DB } from '../../db/schema.ts';
import { recordSourcedAudit, type AuditSource } from '../audit/audit-source.ts';
import { readRollups, readScopedRollups } from '../fleet-store/fleet-rollups.ts';
import type { DashboardDeps, DashboardScope as DashboardViewer } from './dashboard.service.ts';
import { presentCosts, readCostBook, writeCostBook } from './replacement-costs.ts';

/**
 * The replacement costs behind the dashboard's AUE forecast: the book with the caller's models
 * priced, and a change of it (audited).
 */

export async function replacementCosts(
  deps: DashboardDeps,
  viewer: DashboardViewer,
): Promise<ReplacementCosts> {
  return presentCosts(await readCostBook(deps.db, viewer.orgId), await fleetModels(deps.db, viewer));
}

/** Why: the book changes what the forecast costs for everyone, so the change is audited. */
export async function changeReplacementCosts(
  deps: DashboardDeps,
  source: AuditSource,
  viewer: DashboardViewer,
  update: UpdateReplacementCosts,
): Promise<ReplacementCosts> {
  await writeCostBook(deps.db, viewer.orgId, update, source.userId);
  await recordSourcedAudit(deps.db, source, {
    action: 'dashboard.replacement_costs.update',
    targetType: 'organization',
    targetId: viewer.orgId,
    details: {
      currency: update.currency,
      defaultCostCents: update.defaultCostCents,
      models: update.models.slice(0, 50),
    },
  });
  return replacementCosts(deps, viewer);
}

/** Models with their device counts, within the viewer's OU scope. */
async function fleetModels(db: Kysely<DB>, viewer: DashboardViewer): Promise<Map<string, number>> {
  const rows = viewer.ouPaths.includes('/')
    ? await readRollups(db, viewer.orgId)
    : await readScopedRollups(db, viewer.orgId, viewer.ouPaths);
  return new Map(rows.filter((r) => r.dimension === 'model').map((r) => [r.bucket, r.count]));
}
