import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql, type Kysely } from 'kysely';
import type { PgBoss } from 'pg-boss';
import { z } from 'zod';
import type { Permission } from '@fleetdeck/shared/permissions';
import {
  listSyncRunsQuerySchema,
  listSyncRunsResponseSchema,
  startSyncRequestSchema,
  startSyncResponseSchema,
  syncRunSchema,
  syncScheduleSchema,
  updateSyncScheduleSchema,
} from '@fleetdeck/shared/sync-contract';
import type { DB } from '../db/schema.ts';
import { appErrors } from '../errors/app-error.ts';
import { auditRequest, type RequestAuditEvent } from './request-audit.ts';
import { decodeRunCursor, encodeRunCursor, presentSyncRun } from '../modules/sync/sync-run-presenter.ts';
import { getRun, listRuns } from '../modules/sync/sync-run.repository.ts';
import { readSchedule, writeSchedule } from '../modules/sync/sync-schedule.repository.ts';
import { startSync } from '../modules/sync/sync.service.ts';

/**
 * The sync API: Sync now, the run list (keyset pages), one run, and the schedule. Who may do what
 * is a seam (`access`): identity supplies the permission preHandler and the caller's tenant.
 */

export interface SyncTenant {
  readonly orgId: string;
  /** The organization's Google customer id. */
  readonly customerId: string;
  readonly userId: string | null;
  /** Who the audit log names (the member's email); absent for callers without one. */
  readonly actorLabel?: string | null;
}

export interface SyncRouteAccess {
  requirePermission(permission: Permission): (request: FastifyRequest) => Promise<void>;
  tenantOf(request: FastifyRequest): Promise<SyncTenant>;
}

export interface SyncRouteOptions {
  readonly db: Kysely<DB>;
  readonly access: SyncRouteAccess;
  /** The job queue; absent in processes that do not run jobs (Sync now then answers 503). */
  readonly boss: PgBoss | undefined;
}

const runParams = z.object({ id: z.uuid() });

/** Why: starting a sync and changing the schedule are actions, so the audit log names who did them. */
function auditSync(
  db: Kysely<DB>,
  request: FastifyRequest,
  tenant: SyncTenant,
  event: RequestAuditEvent,
): Promise<void> {
  return auditRequest(
    db,
    request,
    { orgId: tenant.orgId, userId: tenant.userId, label: tenant.actorLabel },
    event,
  );
}

/** Why: thin handlers over the sync service and repositories, one per endpoint. */
export async function syncRoutes(
  app: FastifyInstance,
  { db, access, boss }: SyncRouteOptions,
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/sync/runs',
    {
      schema: { body: startSyncRequestSchema, response: { 202: startSyncResponseSchema } },
      preHandler: access.requirePermission('sync.run'),
    },
    async (request, reply) => {
      if (!boss) throw appErrors.unavailable('Syncing is not running on this server. Try again in a minute.');
      const tenant = await access.tenantOf(request);
      const { run, created } = await startSync(
        db,
        boss,
        { ...tenant, kind: request.body.kind, trigger: request.body.trigger, requestedBy: tenant.userId },
        // A press that found a run already open started nothing: only a new run is an action,
        // recorded in the transaction that creates it.
        (trx, started) =>
          auditSync(trx, request, tenant, {
            action: 'sync.started',
            targetType: 'sync_run',
            targetId: started.id,
            details: { kind: started.kind, trigger: request.body.trigger },
          }),
      );
      return reply.code(202).send({ run: presentSyncRun(run), created });
    },
  );

  api.get(
    '/api/sync/runs',
    {
      schema: { querystring: listSyncRunsQuerySchema, response: { 200: listSyncRunsResponseSchema } },
      preHandler: access.requirePermission('fleet.read'),
    },
    async (request) => {
      const { orgId } = await access.tenantOf(request);
      const after = request.query.cursor === undefined ? undefined : decodeRunCursor(request.query.cursor);
      if (request.query.cursor !== undefined && !after) {
        throw appErrors.invalidRequest('This page link is not valid any more. Reload the list of sync runs.');
      }
      const rows = await listRuns(db, orgId, { limit: request.query.limit + 1, after });
      const page = rows.slice(0, request.query.limit);
      const last = page.at(-1);
      return {
        runs: page.map(presentSyncRun),
        nextCursor: rows.length > request.query.limit && last ? encodeRunCursor(last) : null,
      };
    },
  );

  api.get(
    '/api/sync/runs/:id',
    {
      schema: { params: runParams, response: { 200: syncRunSchema } },
      preHandler: access.requirePermission('fleet.read'),
    },
    async (request) => {
      const { orgId } = await access.tenantOf(request);
      const run = await getRun(db, orgId, request.params.id);
      if (!run) throw appErrors.notFound('This sync run does not exist in your organization.');
      return presentSyncRun(run);
    },
  );

  api.get(
    '/api/sync/schedule',
    { schema: { response: { 200: syncScheduleSchema } }, preHandler: access.requirePermission('fleet.read') },
    async (request) => readSchedule(db, (await access.tenantOf(request)).orgId),
  );

  api.put(
    '/api/sync/schedule',
    {
      schema: { body: updateSyncScheduleSchema, response: { 200: syncScheduleSchema } },
      preHandler: access.requirePermission('settings.manage'),
    },
    async (request) => {
      const tenant = await access.tenantOf(request);
      return db.transaction().execute(async (trx) => {
        // The row is locked first, so the "before" recorded is the one this write replaced.
        await sql`select 1 from sync_schedule where org_id = ${tenant.orgId} for update`.execute(trx);
        const before = await readSchedule(trx, tenant.orgId);
        const after = await writeSchedule(trx, tenant.orgId, tenant.customerId, request.body);
        await auditSync(trx, request, tenant, {
          action: 'sync.schedule_changed',
          targetType: 'organization',
          targetId: tenant.orgId,
          details: {
            before: {
              enabled: before.enabled,
              intervalMinutes: before.intervalMinutes,
              fullEveryHours: before.fullEveryHours,
            },
            after: request.body,
          },
        });
        return after;
      });
    },
  );
}
