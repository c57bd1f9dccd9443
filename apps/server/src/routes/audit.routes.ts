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
import { auditSourceOf, callerActor } from '../modules/audit/audit-source.ts';
import {
  auditedAuditCsv,
  auditPage,
  auditRetention,
  changeAuditRetention,
  verifyAuditLog,
  type AuditDeps,
} from '../modules/audit/audit.service.ts';
import { requireOrganization, requirePermission } from '../modules/identity/request-guards.ts';

/**
 * `GET /api/audit`: the caller's organization's log, newest first, keyset-paginated;
 * `GET /api/audit/export.csv`: all of it that the same filters match, streamed;
 * `POST /api/audit/verify`: the hash chain checked; `GET`/`PUT /api/audit/retention`.
 */
export async function auditRoutes(app: FastifyInstance, deps: AuditDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const read = requirePermission('audit.read');

  api.get(
    '/api/audit',
    { schema: { querystring: auditQuerySchema, response: { 200: auditPageSchema } }, preHandler: read },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await auditPage(deps, requireOrganization(request).orgId, request.query)),
  );

  api.get(
    '/api/audit/export.csv',
    { schema: { querystring: auditExportQuerySchema }, preHandler: read },
    async (request, reply) => {
      const source = auditSourceOf(request, callerActor(requireOrganization(request)));
      const csv = auditedAuditCsv(deps, source, request.query, (error) =>
        request.log.error({ err: error }, 'audit export audit failed'),
      );
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="fleetdeck-audit-log-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(csv));
    },
  );

  api.post(
    '/api/audit/verify',
    { schema: { response: { 200: auditVerifyResultSchema } }, preHandler: read },
    async (request, reply) => {
      const source = auditSourceOf(request, callerActor(requireOrganization(request)));
      return reply.header('cache-control', 'no-store').send(await verifyAuditLog(deps, source));
    },
  );

  api.get(
    '/api/audit/retention',
    { schema: { response: { 200: auditRetentionSchema } }, preHandler: read },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send({ days: await auditRetention(deps, requireOrganization(request).orgId) }),
  );

  api.put(
    '/api/audit/retention',
    {
      schema: { body: auditRetentionSchema, response: { 200: auditRetentionSchema } },
      preHandler: requirePermission('settings.manage'),
    },
    async (request) => {
      const caller = requireOrganization(request);
      const source = auditSourceOf(request, callerActor(caller));
      return { days: await changeAuditRetention(deps, source, caller.role, request.body.days) };
    },
  );
}
