import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  auditExportQuerySchema,
  auditPageSchema,
  auditQuerySchema,
  auditRetentionSchema,
  auditVerifyResultSchema,
} from '@fleetdeck/shared/audit-contract';
import type { Database } from '../db/client.ts';
import { appErrors } from '../errors/app-error.ts';
import { auditCsv, listAudit } from '../modules/audit/audit-query.ts';
import { auditRetentionDays } from '../modules/audit/audit-retention.ts';
import { verifyAuditChain } from '../modules/audit/audit-verify.ts';
import { requireOrganization, requirePermission } from '../modules/identity/request-guards.ts';
import { auditRequest, callerActor } from './request-audit.ts';

/**
 * `GET /api/audit`: the caller's organization's log, newest first, keyset-paginated;
 * `GET /api/audit/export.csv`: all of it that the same filters match, streamed;
 * `POST /api/audit/verify`: the hash chain checked; `GET`/`PUT /api/audit/retention`.
 */
export async function auditRoutes(app: FastifyInstance, { database }: { database: Database }): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = database.db;
  const read = requirePermission('audit.read');

  api.get(
    '/api/audit',
    { schema: { querystring: auditQuerySchema, response: { 200: auditPageSchema } }, preHandler: read },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await listAudit(db, requireOrganization(request).orgId, request.query)),
  );

  api.get(
    '/api/audit/export.csv',
    { schema: { querystring: auditExportQuerySchema }, preHandler: read },
    async (request, reply) => {
      const caller = requireOrganization(request);
      const filters = request.query;
      const counter = { rows: 0 };
      // The export is an entry of the log it exports: written once the file ended (or broke off).
      const audit = (outcome: 'success' | 'failure') =>
        auditRequest(db, request, callerActor(caller), {
          action: 'audit.exported',
          outcome,
          targetType: 'organization',
          targetId: caller.orgId,
          details: { filters, rows: counter.rows },
        }).catch((error: unknown) => request.log.error({ err: error }, 'audit export audit failed'));
      async function* audited(): AsyncGenerator<string> {
        let finished = false;
        try {
          yield* auditCsv(db, caller.orgId, filters, counter);
          finished = true;
        } finally {
          await audit(finished ? 'success' : 'failure');
        }
      }
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="fleetdeck-audit-log-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(audited()));
    },
  );

  api.post(
    '/api/audit/verify',
    { schema: { response: { 200: auditVerifyResultSchema } }, preHandler: read },
    async (request, reply) => {
      const caller = requireOrganization(request);
      const result = await verifyAuditChain(db, caller.orgId);
      await auditRequest(db, request, callerActor(caller), {
        action: 'audit.verified',
        outcome: result.ok ? 'success' : 'failure',
        targetType: 'organization',
        targetId: caller.orgId,
        details: {
          checked: result.checked,
          headSequence: result.headSequence,
          ...(result.firstBad ? { firstBad: result.firstBad } : {}),
        },
      });
      return reply.header('cache-control', 'no-store').send(result);
    },
  );

  api.get(
    '/api/audit/retention',
    { schema: { response: { 200: auditRetentionSchema } }, preHandler: read },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send({ days: await auditRetentionDays(db, requireOrganization(request).orgId) }),
  );

  api.put(
    '/api/audit/retention',
    {
      schema: { body: auditRetentionSchema, response: { 200: auditRetentionSchema } },
      preHandler: requirePermission('settings.manage'),
    },
    async (request) => {
      const caller = requireOrganization(request);
      if (caller.role !== 'owner') {
        throw appErrors.ownerRequired(
          'Only owners change how long the audit log is kept. Ask an owner of your organization.',
        );
      }
      const { days } = request.body;
      await db.transaction().execute(async (tx) => {
        const before = await auditRetentionDays(tx, caller.orgId);
        await tx
          .updateTable('org')
          .set({ audit_retention_days: days })
          .where('id', '=', caller.orgId)
          .execute();
        await auditRequest(tx, request, callerActor(caller), {
          action: 'audit.retention_changed',
          targetType: 'organization',
          targetId: caller.orgId,
          details: { before, after: days },
        });
      });
      return { days };
    },
  );
}
