import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditPageSchema, auditQuerySchema } from '@fleetdeck/shared/audit-contract';
import type { Database } from '../db/client.ts';
import { listAudit } from '../modules/audit/audit-log.ts';
import { requireOrganization, requirePermission } from '../modules/identity/request-guards.ts';

/** `GET /api/audit`: the caller's organization's log, newest first, keyset-paginated. */
export async function auditRoutes(app: FastifyInstance, { database }: { database: Database }): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/audit',
    {
      schema: { querystring: auditQuerySchema, response: { 200: auditPageSchema } },
      preHandler: requirePermission('audit.read'),
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await listAudit(database.db, requireOrganization(request).orgId, request.query)),
  );
}
