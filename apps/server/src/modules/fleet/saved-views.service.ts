import type { SavedView, SaveViewRequest } from '@fleetdeck/shared/fleet-contract';
import { recordSourcedAudit, type AuditSource } from '../audit/audit-source.ts';
import type { FleetDeps } from './fleet.service.ts';
import { createView, deleteView, listViews, updateView, type ViewCaller } from './saved-views.ts';

/**
 * The fleet table's saved views: the caller's own and those shared with the organization. Each
 * write and its audit entry commit together (shared views change what colleagues open).
 */

type ViewAction = 'saved_view.created' | 'saved_view.updated' | 'saved_view.deleted';

function auditView(
  db: FleetDeps['db'],
  source: AuditSource,
  action: ViewAction,
  view: SavedView,
): Promise<void> {
  return recordSourcedAudit(db, source, {
    action,
    targetType: 'saved_view',
    targetId: view.id,
    details: { name: view.name, shared: view.shared },
  });
}

export function savedViews(deps: FleetDeps, caller: ViewCaller): Promise<SavedView[]> {
  return listViews(deps.db, caller);
}

export function saveView(
  deps: FleetDeps,
  source: AuditSource,
  caller: ViewCaller,
  request: SaveViewRequest,
): Promise<SavedView> {
  return deps.db.transaction().execute(async (trx) => {
    const created = await createView(trx, caller, request);
    await auditView(trx, source, 'saved_view.created', created);
    return created;
  });
}

export function changeView(
  deps: FleetDeps,
  source: AuditSource,
  caller: ViewCaller,
  id: string,
  request: SaveViewRequest,
): Promise<SavedView> {
  return deps.db.transaction().execute(async (trx) => {
    const updated = await updateView(trx, caller, id, request);
    await auditView(trx, source, 'saved_view.updated', updated);
    return updated;
  });
}

export async function removeView(
  deps: FleetDeps,
  source: AuditSource,
  caller: ViewCaller,
  id: string,
): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const deleted = await deleteView(trx, caller, id);
    await auditView(trx, source, 'saved_view.deleted', deleted);
  });
}
