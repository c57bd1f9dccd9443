import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Identity } from '../modules/identity/identity-plugin.ts';
import { requirePrincipal } from '../modules/identity/request-guards.ts';
import {
  confirmIdentity,
  sendStepUpCode,
  stepUpStatus,
  type StepUpDeps,
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
  { identity, db }: Pick<StepUpDeps, 'db'> & { identity: Identity },
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const deps: StepUpDeps = {
    db,
    auth: identity.auth,
    mailer: identity.mailer,
    audit: (event) => identity.audit(event),
  };

  api.get('/api/auth/step-up', { schema: { response: { 200: statusSchema } } }, async (request, reply) =>
    reply.header('cache-control', 'no-store').send(await stepUpStatus(deps, requirePrincipal(request))),
  );

  api.post('/api/auth/step-up/email-code', async (request, reply) => {
    await sendStepUpCode(deps, requirePrincipal(request));
    return reply.code(204).send();
  });

  api.post(
    '/api/auth/step-up',
    { schema: { body: proofSchema, response: { 200: statusSchema } } },
    async (request) => confirmIdentity(deps, request, requirePrincipal(request), request.body),
  );
}
