import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type Plan,
  createCsvPlanQuerySchema,
  createRolloverRequestSchema,
  listPlansQuerySchema,
  listPlansResponseSchema,
  planDetailQuerySchema,
  planDetailSchema,
  planSchema,
  planSettingsSchema,
  planSettingsUpdateSchema,
} from '@fleetdeck/shared/plan-contract';
import { appErrors } from '../errors/app-error.ts';
import type { BulkRunQueue } from '../modules/devices/bulk-runner.ts';
import { identityDeviceAccess } from './devices.routes.ts';
import { requestMeta, type DeviceRouteAccess } from './device-detail.routes.ts';
import { buildCsvPlan } from '../modules/plans/csv-plan-build.ts';
import { buildRolloverPlan } from '../modules/plans/rollover-plan-build.ts';
import { createUndoPlan, planResults } from '../modules/plans/plan-results.service.ts';
import {
  pausePlanRun,
  resumePlanRun,
  startPlanRun,
  type PlanRunCtx,
  type PlanRunQueue,
} from '../modules/plans/plan-run.service.ts';
import { getPlanSettings, setPlanSettings } from '../modules/plans/plan-settings.service.ts';
import {
  approvePlan,
  cancelPlan,
  getPlanDetail,
  listPlans,
  presentCreated,
  submitPlan,
  type PlanCtx,
} from '../modules/plans/plans.service.ts';

/**
 * Change plans: build one from a CSV update (the file streamed as the request body, `text/csv`,
 * its column mapping in the query) or from a rollover's OU pairs; read it with a page of its
 * items; send it for approval, approve it (a second member, step-up), cancel it; the approval
 * threshold (an owner's). Thin handlers: validate → authorize → one service → presenter.
 */

export interface PlanRouteOptions {
  readonly db: PlanCtx['db'];
  readonly access: DeviceRouteAccess;
  /** Where started runs go (the job queue); runs answer 503 without one. */
  readonly queue?: PlanRunQueue | undefined;
  /** Where a plan of commands or a deprovision starts its bulk run (the seam bulk starts use). */
  readonly bulkQueue?: BulkRunQueue | undefined;
}

/** The request body of a CSV upload: the stream itself, read by the plan build (no own enumerable fields). */
class CsvUpload {
  readonly #stream: Readable;
  constructor(stream: Readable) {
    this.#stream = stream;
  }
  get stream(): Readable {
    return this.#stream;
  }
}

const planParams = z.object({ id: z.uuid() });

function contextOf(db: PlanCtx['db'], access: DeviceRouteAccess) {
  return async (request: FastifyRequest): Promise<PlanCtx> => ({
    db,
    tenant: await access.tenantOf(request),
    meta: requestMeta(request),
    stepUp: (reason) => access.stepUp(request, reason),
  });
}

/** Why: building a plan from an upload or from pairs, each answered with the plan as built. */
async function buildRoutes(app: FastifyInstance, { db, access }: PlanRouteOptions): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const ctxOf = contextOf(db, access);
  // Only in this scope: the upload reaches the handler unread, and the build reads it as it arrives.
  app.addContentTypeParser('text/csv', (_request, payload, done) =>
    done(null, new CsvUpload(payload as Readable)),
  );
  api.post(
    '/api/plans/csv',
    {
      schema: { querystring: createCsvPlanQuerySchema, response: { 201: planSchema } },
      preHandler: access.requirePermission('device.annotate'),
    },
    async (request, reply) => {
      if (!(request.body instanceof CsvUpload))
        throw appErrors.invalidRequest(
          'Send the CSV file itself as the request body, with the header Content-Type: text/csv.',
        );
      const ctx = await ctxOf(request);
      const { mapping, fileName } = request.query;
      const planId = await buildCsvPlan(db, ctx.tenant, { body: request.body.stream, mapping, fileName });
      return reply.code(201).send(await presentCreated(ctx, planId));
    },
  );
  api.post(
    '/api/plans/rollover',
    {
      schema: { body: createRolloverRequestSchema, response: { 201: planSchema } },
      preHandler: access.requirePermission('device.move'),
    },
    async (request, reply) => {
      const ctx = await ctxOf(request);
      const planId = await buildRolloverPlan(db, ctx.tenant, request.body);
      return reply.code(201).send(await presentCreated(ctx, planId));
    },
  );
}

/** Why: reading plans and deciding them, one handler per endpoint. */
async function decisionRoutes(app: FastifyInstance, { db, access }: PlanRouteOptions): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const ctxOf = contextOf(db, access);
  const act = access.requirePermission('device.annotate');
  api.get(
    '/api/plans',
    {
      schema: { querystring: listPlansQuerySchema, response: { 200: listPlansResponseSchema } },
      preHandler: act,
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send({ plans: await listPlans(await ctxOf(request), request.query) }),
  );
  api.get(
    '/api/plans/:id',
    {
      schema: { params: planParams, querystring: planDetailQuerySchema, response: { 200: planDetailSchema } },
      preHandler: act,
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await getPlanDetail(await ctxOf(request), request.params.id, request.query)),
  );
  const decide = (verb: string, run: (ctx: PlanCtx, id: string) => Promise<Plan>) =>
    api.post(
      `/api/plans/:id/${verb}`,
      { schema: { params: planParams, response: { 200: planSchema } }, preHandler: act },
      async (request) => run(await ctxOf(request), request.params.id),
    );
  decide('submit', submitPlan);
  decide('approve', approvePlan);
  decide('cancel', cancelPlan);
}

/** Why: the approval threshold: read by anyone who makes plans, set by an owner (checked in the service). */
async function settingsRoutes(app: FastifyInstance, { db, access }: PlanRouteOptions): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const ctxOf = contextOf(db, access);
  api.get(
    '/api/plans/settings',
    {
      schema: { response: { 200: planSettingsSchema } },
      preHandler: access.requirePermission('device.annotate'),
    },
    async (request) => getPlanSettings(db, (await access.tenantOf(request)).orgId),
  );
  api.put(
    '/api/plans/settings',
    {
      schema: { body: planSettingsUpdateSchema, response: { 200: planSettingsSchema } },
      preHandler: access.requirePermission('settings.manage'),
    },
    async (request) => setPlanSettings(await ctxOf(request), request.body),
  );
}

/** Why: running a plan (start, pause, resume), its undo plan and its results, one handler per endpoint. */
async function runRoutes(
  app: FastifyInstance,
  { db, access, queue, bulkQueue }: PlanRouteOptions,
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const ctxOf = contextOf(db, access);
  const act = access.requirePermission('device.annotate');
  const run = (verb: string, handle: (ctx: PlanRunCtx, id: string) => Promise<Plan>) =>
    api.post(
      `/api/plans/:id/${verb}`,
      { schema: { params: planParams, response: { 200: planSchema } }, preHandler: act },
      async (request) => handle({ ...(await ctxOf(request)), queue, bulkQueue }, request.params.id),
    );
  run('run', startPlanRun);
  run('pause', pausePlanRun);
  run('resume', resumePlanRun);
  api.post(
    '/api/plans/:id/undo',
    { schema: { params: planParams, response: { 201: planSchema } }, preHandler: act },
    async (request, reply) =>
      reply.code(201).send(await createUndoPlan(await ctxOf(request), request.params.id)),
  );
  api.get(
    '/api/plans/:id/results.csv',
    { schema: { params: planParams }, preHandler: act },
    async (request, reply) => {
      const { fileName, lines } = await planResults(await ctxOf(request), request.params.id, (error) =>
        request.log.error({ err: error }, 'plan results audit failed'),
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(lines));
    },
  );
}

/** Why: the plan routes with any access seam (identity in the app, test headers in tests). */
export async function planRoutes(app: FastifyInstance, options: PlanRouteOptions): Promise<void> {
  await app.register(buildRoutes, options);
  await app.register(decisionRoutes, options);
  await app.register(settingsRoutes, options);
  await app.register(runRoutes, options);
}

/** Why: registered inside the authenticated product scope, so every plan route is signed in. */
export async function registerPlanApi(
  api: FastifyInstance,
  options: Pick<PlanRouteOptions, 'db' | 'queue' | 'bulkQueue'>,
): Promise<void> {
  await api.register(planRoutes, { ...options, access: identityDeviceAccess({ db: options.db }) });
}
