import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STEP_UP_WINDOW_MS } from '@fleetdeck/shared/step-up';
import type { Database } from '../db/client.ts';
import { AppError } from '../errors/app-error.ts';
import type { Identity } from '../modules/identity/identity-plugin.ts';
import { requirePrincipal } from '../modules/identity/request-guards.ts';
import {
  isSteppedUp,
  proveStepUp,
  sendStepUpCode,
  stepUpMethods,
} from '../modules/identity/step-up.service.ts';

const proofSchema = z.object({
  method: z.enum(['totp', 'email_code']),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code.'),
});
const statusSchema = z.object({
  methods: z.array(z.enum(['totp', 'email_code'])),
  steppedUp: z.boolean(),
  freshUntil: z.string().nullable(),
});

/** Step-up: which proof the caller can give, mailing a code, and the proof itself (all audited). */
export async function stepUpRoutes(
  app: FastifyInstance,
  { identity, database }: { identity: Identity; database: Database },
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = database.db;
  const freshUntil = (at: Date | undefined) =>
    at ? new Date(at.getTime() + STEP_UP_WINDOW_MS).toISOString() : null;

  api.get('/api/auth/step-up', { schema: { response: { 200: statusSchema } } }, async (request, reply) => {
    const principal = requirePrincipal(request);
    const steppedUp = isSteppedUp(principal);
    return reply.header('cache-control', 'no-store').send({
      methods: await stepUpMethods(db, principal.userId),
      steppedUp,
      freshUntil: steppedUp ? freshUntil(principal.steppedUpAt) : null,
    });
  });

  api.post('/api/auth/step-up/email-code', async (request, reply) => {
    const principal = requirePrincipal(request);
    await sendStepUpCode({ db, mailer: identity.mailer }, principal);
    return reply.code(204).send();
  });

  api.post(
    '/api/auth/step-up',
    { schema: { body: proofSchema, response: { 200: statusSchema } } },
    async (request) => {
      const principal = requirePrincipal(request);
      const audit = (outcome: 'success' | 'failure', details: Record<string, unknown>) =>
        identity.audit({
          action: 'auth.step_up',
          outcome,
          actorUserId: principal.userId,
          actorLabel: principal.email,
          ip: request.ip,
          userAgent: request.headers['user-agent'],
          requestId: request.id,
          details: { method: request.body.method, ...details },
        });
      try {
        const { verifiedAt } = await proveStepUp(
          { db, auth: identity.auth },
          request,
          principal,
          request.body,
        );
        await audit('success', {});
        return { methods: [request.body.method], steppedUp: true, freshUntil: freshUntil(verifiedAt) };
      } catch (error) {
        if (error instanceof AppError && error.status < 500) await audit('failure', { error: error.id });
        throw error;
      }
    },
  );
}
