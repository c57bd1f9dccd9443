import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIMITS } from '@fleetdeck/shared/limits';
import { redactedUrl } from '../plugins/request-log.ts';

const clientErrorSchema = z.object({
  message: z.string().min(1).max(LIMITS.clientErrorMessage),
  stack: z.string().max(LIMITS.clientErrorStack).optional(),
  path: z.string().min(1).max(2048),
  userAgent: z.string().max(512).optional(),
  buildId: z.string().max(64).optional(),
});

/**
 * Render errors the browser could not show (crawlers see no error page) still reach the
 * operator's log, bounded and rate limited so the endpoint cannot flood it.
 */
export async function clientErrorRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/client-errors',
    {
      schema: { body: clientErrorSchema },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      // The page's path may be a reset or invitation link: its secret stays out of the log.
      const clientError = { ...request.body, path: redactedUrl(request.body.path) };
      request.log.warn({ clientError }, 'client render error');
      return reply.code(202).send({ accepted: true });
    },
  );
}
