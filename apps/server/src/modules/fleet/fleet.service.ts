import type { Kysely, RawBuilder } from 'kysely';
import type { z } from 'zod';
import type {
  exportDeviceListRequestSchema,
  exportDevicesQuerySchema,
  FacetsResponse,
  ListDevicesQuery,
  OrgUnitNode,
  ResolveDevicesRequest,
  ResolveDevicesResponse,
} from '@fleetdeck/shared/fleet-contract';
import type { DB } from '../../db/schema.ts';
import { recordSourcedAudit, type AuditSource } from '../audit/audit-source.ts';
import { readFacets } from './device-facets.ts';
import {
  deviceCsv,
  deviceListWhere,
  exportColumns,
  exportFileName,
  listExportFileName,
  parseColumnList,
  pastedListOrder,
  type CsvRequest,
} from './device-export.ts';
import { assertSortable, decodeCursor, encodeCursor } from './device-keyset.ts';
import { readDeviceListPage } from './device-list.ts';
import { compileDeviceListQuery, compileDeviceQuery } from './device-query-sql.ts';
import { deviceRelation } from './device-relation.ts';
import { resolvePastedList } from './device-resolve.ts';
import { scopePredicate, type FleetScope } from './fleet-scope.ts';
import { readOrgUnitTree } from './org-unit-tree.ts';

/**
 * The fleet table's service: the device list (query, sort, keyset pages, counts), facets,
 * pasted-list resolution, the CSV exports (of a query, or of a pasted list's devices, audited once
 * the file ended) and the OU tree, always within the caller's units.
 */

export interface FleetDeps {
  readonly db: Kysely<DB>;
}

/**
 * Why: one page as JSON text: the rows arrive rendered by the database (`readDevicePageJson`, the
 * same shape as `presentDeviceRow`), so the page is written around them, never parsed again.
 */
export async function deviceListJson(
  deps: FleetDeps,
  caller: FleetScope,
  query: ListDevicesQuery,
): Promise<string> {
  const { db } = deps;
  const { q, sort, dir, cursor, limit, count } = query;
  assertSortable(sort);
  const columns = parseColumnList(query.columns, 'table');
  const after = cursor === undefined ? undefined : decodeCursor(cursor, sort, dir);
  const where = await compileDeviceListQuery(db, caller, q);
  const relation = await deviceRelation(db, caller.orgId);
  const page = await readDeviceListPage(db, { where, relation, sort, dir, after, limit }, count, columns);
  const nextCursor = page.next ? encodeCursor(page.next) : null;
  return `{"devices":[${page.devices}],"nextCursor":${JSON.stringify(nextCursor)},"total":${JSON.stringify(page.total)}}`;
}

export async function deviceFacets(deps: FleetDeps, caller: FleetScope, q: string): Promise<FacetsResponse> {
  const where = await compileDeviceQuery(deps.db, caller, q);
  return readFacets(deps.db, where, await deviceRelation(deps.db, caller.orgId));
}

export async function resolveDevices(
  deps: FleetDeps,
  caller: FleetScope,
  request: ResolveDevicesRequest,
): Promise<ResolveDevicesResponse> {
  return resolvePastedList(deps.db, await scopePredicate(deps.db, caller), request);
}

export function orgUnitTree(deps: FleetDeps, caller: FleetScope): Promise<OrgUnitNode[]> {
  return readOrgUnitTree(deps.db, caller);
}

/** A CSV export: its file name and its rows, written as they are read. */
export interface DeviceCsvFile {
  readonly fileName: string;
  readonly rows: AsyncGenerator<string>;
}

/** Why: the export of a fleet query, named by the query and the day. */
export async function queryCsv(
  deps: FleetDeps,
  source: AuditSource,
  caller: FleetScope,
  query: z.output<typeof exportDevicesQuerySchema>,
  onAuditError: (error: unknown) => void,
): Promise<DeviceCsvFile> {
  const { q, sort, dir } = query;
  assertSortable(sort);
  const columns = exportColumns(query.columns);
  const where = await compileDeviceQuery(deps.db, caller, q);
  const day = new Date().toISOString().slice(0, 10);
  const csv = { where, sort, dir, columns, details: { query: q } };
  return { fileName: exportFileName(q, day), rows: auditedCsv(deps, source, csv, onAuditError) };
}

/** Why: a pasted list's devices within the caller's units, in pasted order unless a sort is asked. */
export async function pastedListCsv(
  deps: FleetDeps,
  source: AuditSource,
  caller: FleetScope,
  request: z.output<typeof exportDeviceListRequestSchema>,
  onAuditError: (error: unknown) => void,
): Promise<DeviceCsvFile> {
  const { deviceIds } = request;
  const columns = exportColumns(request.columns);
  const scope = await scopePredicate(deps.db, caller);
  const order = pastedListOrder(scope, request);
  const { where, count } = await deviceListWhere(deps.db, scope, deviceIds);
  const details = { pastedDevices: deviceIds.length, order: order.pasted ? 'pasted' : 'sorted' };
  const csv = { where, ...order, columns, details };
  return { fileName: listExportFileName(count), rows: auditedCsv(deps, source, csv, onAuditError) };
}

/**
 * Why: both exports stream alike: rows written as they are read, one audit entry once the file has
 * ended (or broken off), with how many rows it held.
 */
async function* auditedCsv(
  deps: FleetDeps,
  source: AuditSource,
  csv: CsvRequest & { where: RawBuilder<boolean>; details: Record<string, unknown> },
  onAuditError: (error: unknown) => void,
): AsyncGenerator<string> {
  const { where, sort, dir, columns } = csv;
  const counter = { rows: 0 };
  let finished = false;
  try {
    yield* deviceCsv(deps.db, where, csv, counter);
    finished = true;
  } finally {
    await recordSourcedAudit(deps.db, source, {
      action: 'fleet.export',
      outcome: finished ? 'success' : 'failure',
      targetType: 'fleet',
      targetId: source.orgId,
      details: { ...csv.details, sort, dir, columns, rows: counter.rows },
    }).catch(onAuditError);
  }
}
