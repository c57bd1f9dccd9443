import type { FastifyInstance } from 'fastify';
import type { CataloguedApiError } from '@fleetdeck/shared/api-error';

/** The database as readiness sees it: whether it answers, and which one it is. */
export interface ReadinessProbe {
  ping(): Promise<void>;
  readonly kind: string;
}

/** Liveness answers while the process runs; readiness only while the database answers too. */
export async function healthRoutes(app: FastifyInstance, opts: { database: ReadinessProbe }): Promise<void> {
  app.get('/healthz', { config: { rateLimit: false } }, (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );
  app.get('/readyz', { config: { rateLimit: false } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      await withTimeout(opts.database.ping(), 2000);
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check failed');
      return reply.code(503).send({
        error: 'not_ready',
        status: 503,
        message: 'The database is not reachable. Check DATABASE_URL or the data folder, then retry.',
        requestId: request.id,
      } satisfies CataloguedApiError);
    }
    return reply.send({ status: 'ready', database: opts.database.kind });
  });
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
