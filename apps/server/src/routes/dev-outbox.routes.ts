import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listOutbox, type OutboxDeps } from '../modules/mail/outbox-mailer.ts';

const querySchema = z
  .object({ to: z.email().max(320).optional(), limit: z.coerce.number().int().min(1).max(200).default(50) })
  .strict();

/**
 * `GET /api/dev/outbox`: the mail Fleetdeck would have sent. Registered only when no SMTP server
 * is configured and the server listens on a loopback address (`devOutboxEnabled`), so sign-in
 * codes, invitations and resets work offline; it is public because a one-time sign-in code must
 * be readable before anyone is signed in.
 */
export async function devOutboxRoutes(app: FastifyInstance, { db }: OutboxDeps): Promise<void> {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/api/dev/outbox', { schema: { querystring: querySchema } }, async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send({ messages: await listOutbox(db, request.query.to, request.query.limit) }),
    );
}
