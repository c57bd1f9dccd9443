import type { Kysely, Selectable } from 'kysely';
import type { SaveViewRequest, SavedView } from '@fleetdeck/shared/fleet-contract';
import type { FleetColumnId } from '@fleetdeck/shared/fleet-columns';
import type { SavedViewTable } from '../../db/fleet-schema.ts';
import type { DB } from '../../db/schema.ts';
import { appErrors } from '../../errors/app-error.ts';
import { parseDeviceQueryOrThrow } from './device-query-sql.ts';

/**
 * Saved fleet views: a named query with columns and sort, private to its owner or shared with the
 * organization. Owners edit their views; admins (settings.manage) also edit shared ones.
 */

export interface ViewCaller {
  readonly orgId: string;
  readonly userId: string;
  /** The caller's name or email, stored with views they create. */
  readonly label: string;
  /** Whether the caller may edit the organization's shared views. */
  readonly managesShared: boolean;
}

/** Views one person may keep (their own), to bound the table. */
export const MAX_VIEWS_PER_USER = 200;

/** A stored view with its owner's account, when they still have one. */
type Row = Selectable<SavedViewTable> & {
  owner_account_name: string | null;
  owner_account_email: string | null;
};

function present(row: Row, caller: ViewCaller): SavedView {
  // `owner_name` is what the owner was called when they saved it: the fallback for a gone account.
  const ownerEmail = row.owner_account_email ?? row.owner_name;
  const ownerName = row.owner_account_name?.trim() || null;
  return {
    id: row.id,
    name: row.name,
    shared: row.shared,
    ownerId: row.owner_id,
    ownerName: ownerName === ownerEmail ? null : ownerName,
    ownerEmail,
    editable: row.owner_id === caller.userId || (row.shared && caller.managesShared),
    q: row.q,
    columns: row.columns as FleetColumnId[],
    sort: row.sort as FleetColumnId,
    dir: row.dir,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

function visible(db: Kysely<DB>, caller: ViewCaller) {
  return db
    .selectFrom('saved_view')
    .leftJoin('user as owner', 'owner.id', 'saved_view.owner_id')
    .selectAll('saved_view')
    .select(['owner.name as owner_account_name', 'owner.email as owner_account_email'])
    .where('saved_view.org_id', '=', caller.orgId)
    .where((eb) =>
      eb.or([eb('saved_view.owner_id', '=', caller.userId), eb('saved_view.shared', '=', true)]),
    );
}

/** Why: the view menu lists the caller's views and the organization's shared ones. */
export async function listViews(db: Kysely<DB>, caller: ViewCaller): Promise<SavedView[]> {
  const rows = await visible(db, caller)
    .orderBy('saved_view.name')
    .orderBy('saved_view.id')
    .limit(1000)
    .execute();
  return rows.map((row) => present(row, caller));
}

/** Why: a view from another organization, or someone's private one, does not exist for the caller. */
export async function getView(db: Kysely<DB>, caller: ViewCaller, id: string): Promise<SavedView> {
  const row = await visible(db, caller).where('saved_view.id', '=', id).executeTakeFirst();
  if (!row) throw appErrors.notFound('This saved view does not exist or is not shared with you.');
  return present(row, caller);
}

export async function createView(
  db: Kysely<DB>,
  caller: ViewCaller,
  body: SaveViewRequest,
): Promise<SavedView> {
  parseDeviceQueryOrThrow(body.q);
  const owned = await db
    .selectFrom('saved_view')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('org_id', '=', caller.orgId)
    .where('owner_id', '=', caller.userId)
    .executeTakeFirst();
  if (Number(owned?.n ?? 0) >= MAX_VIEWS_PER_USER) {
    throw appErrors.conflict(
      `You have ${MAX_VIEWS_PER_USER} saved views. Delete some before saving another.`,
    );
  }
  const row = await db
    .insertInto('saved_view')
    .values({
      org_id: caller.orgId,
      owner_id: caller.userId,
      owner_name: caller.label.slice(0, 320),
      name: body.name,
      shared: body.shared,
      q: body.q,
      columns: JSON.stringify(body.columns) as never,
      sort: body.sort,
      dir: body.dir,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return getView(db, caller, row.id);
}

export async function updateView(
  db: Kysely<DB>,
  caller: ViewCaller,
  id: string,
  body: SaveViewRequest,
): Promise<SavedView> {
  const view = await getView(db, caller, id);
  if (!view.editable) throw appErrors.forbidden('Only its owner or an admin can change this shared view.');
  parseDeviceQueryOrThrow(body.q);
  await db
    .updateTable('saved_view')
    .set({
      name: body.name,
      shared: body.shared,
      q: body.q,
      columns: JSON.stringify(body.columns) as never,
      sort: body.sort,
      dir: body.dir,
      updated_at: new Date(),
    })
    .where('org_id', '=', caller.orgId)
    .where('id', '=', id)
    .execute();
  return getView(db, caller, id);
}

export async function deleteView(db: Kysely<DB>, caller: ViewCaller, id: string): Promise<SavedView> {
  const view = await getView(db, caller, id);
  if (!view.editable) throw appErrors.forbidden('Only its owner or an admin can delete this shared view.');
  await db.deleteFrom('saved_view').where('org_id', '=', caller.orgId).where('id', '=', id).execute();
  return view;
}
