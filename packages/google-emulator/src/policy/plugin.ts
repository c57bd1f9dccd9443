import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { OAuthService } from '../oauth/oauth-service.ts';
import { ensureCustomer, requireScopes } from '../oauth/require-scopes.ts';
import { SCOPES } from '../oauth/scopes.ts';
import type { EmulatorOrgUnit } from '../state/org-units.ts';
import { decodePageToken, encodePageToken, pageSizeOf, pageSizeProblem } from './page-token.ts';
import {
  applyInherit,
  applyModify,
  batchRuleViolation,
  inheritBodySchema,
  modifyBodySchema,
  type ModificationError,
} from './policy-batch.ts';
import { MODIFICATION_ERROR_DETAILS_TYPE, sendStatus } from './policy-errors.ts';
import { seedPolicies } from './policy-seed.ts';
import { ancestorChain, createPolicyStore, keysId, type PolicyStore } from './policy-store.ts';
import { ALL_SCHEMAS, findSchema, schemasForFilter } from './schema-catalog/catalog.ts';
import { toPolicySchemaResource } from './schema-catalog/policy-schema-resource.ts';
import { parseSchemaFilter } from './schema-filter.ts';

export interface PolicyPluginOptions {
  oauth: OAuthService;
  customerId: string;
  orgUnits: () => readonly EmulatorOrgUnit[];
  /** Pass a store to share or inspect it; by default one is made and seeded from the OU tree on first use. */
  store?: PolicyStore;
}

const resolveBodySchema = z.object({
  policySchemaFilter: z.string().max(300).optional(),
  policyTargetKey: z
    .object({
      targetResource: z.string().max(300).optional(),
      additionalTargetKeys: z.record(z.string().max(100), z.string().max(1000)).optional(),
    })
    .optional(),
  pageSize: z.union([z.number(), z.string().max(10)]).optional(),
  pageToken: z.string().max(2000).optional(),
});

type CustomerParams = { customerId: string };

function invalidBody(reply: FastifyReply, error: z.ZodError): FastifyReply {
  return sendStatus(reply, 400, `Invalid JSON payload received. ${z.prettifyError(error)}`);
}

function modificationFailure(reply: FastifyReply, errors: readonly ModificationError[]): FastifyReply {
  return sendStatus(reply, 400, 'Request contains an invalid argument.', [
    { '@type': MODIFICATION_ERROR_DETAILS_TYPE, modificationErrors: errors },
  ]);
}

/** Chrome Policy API v1: resolve, policySchemas list/get, org-unit batchModify/batchInherit. */
export async function policyPlugin(app: FastifyInstance, opts: PolicyPluginOptions): Promise<void> {
  const store = opts.store ?? createPolicyStore();
  let seeded = opts.store !== undefined;
  const routes: PolicyRoutes = {
    opts,
    policies: () => {
      if (!seeded) seedPolicies(store, opts.orgUnits(), opts.oauth.domain);
      seeded = true;
      return store;
    },
    read: requireScopes(opts.oauth, [SCOPES.policyReadonly, SCOPES.policy]),
    write: requireScopes(opts.oauth, [SCOPES.policy]),
    customerOk: (request, reply) =>
      ensureCustomer(request, reply, request.params.customerId, opts.customerId),
  };
  registerResolveRoute(app, routes);
  registerBatchRoutes(app, routes);
  registerSchemaRoutes(app, routes.read, routes.customerOk);
}

type Guard = ReturnType<typeof requireScopes>;
type CustomerCheck = (request: FastifyRequest<{ Params: CustomerParams }>, reply: FastifyReply) => boolean;

/** What the policy routes share: the options, the store (seeded on first use), scope guards. */
interface PolicyRoutes {
  readonly opts: PolicyPluginOptions;
  policies(): PolicyStore;
  readonly read: Guard;
  readonly write: Guard;
  readonly customerOk: CustomerCheck;
}

/** policies:resolve for an org unit target, paged with tokens bound to the request. */
function registerResolveRoute(app: FastifyInstance, routes: PolicyRoutes): void {
  const { opts } = routes;
  app.post<{ Params: CustomerParams }>(
    '/v1/customers/:customerId/policies::resolve',
    { preHandler: routes.read },
    async (request, reply) => {
      if (!routes.customerOk(request, reply)) return reply;
      const body = resolveBodySchema.safeParse(request.body ?? {});
      if (!body.success) return invalidBody(reply, body.error);
      const { policySchemaFilter, policyTargetKey, pageSize, pageToken } = body.data;
      if (policySchemaFilter === undefined || policySchemaFilter === '')
        return sendStatus(reply, 400, 'policySchemaFilter is required.');
      const matched = schemasForFilter(policySchemaFilter);
      if (!matched.ok) return sendStatus(reply, 400, matched.message);
      const target = policyTargetKey?.targetResource ?? '';
      if (!target.startsWith('orgunits/')) {
        // The emulator has no groups; a group target is refused like any unknown target (UNVERIFIED wording).
        return sendStatus(
          reply,
          400,
          target === ''
            ? 'policyTargetKey.targetResource is required.'
            : `Invalid target resource: ${target}`,
        );
      }
      const chain = ancestorChain(opts.orgUnits(), target.slice('orgunits/'.length));
      if (chain.length === 0) return sendStatus(reply, 400, `Org unit not found: ${target}`);
      const sizeProblem = pageSizeProblem(pageSize);
      if (sizeProblem !== undefined) return sendStatus(reply, 400, sizeProblem);
      const keys = policyTargetKey?.additionalTargetKeys ?? {};
      const requestKey = `${policySchemaFilter}|${target}|${keysId(keys)}`;
      const offset = pageToken === undefined || pageToken === '' ? 0 : decodePageToken(pageToken, requestKey);
      if (offset === undefined) return sendStatus(reply, 400, 'Invalid page token.');
      const resolved = routes.policies().resolve(chain, matched.schemas, keys);
      const size = pageSizeOf(pageSize);
      const page = resolved.slice(offset, offset + size);
      return {
        ...(page.length === 0 ? {} : { resolvedPolicies: page }),
        ...(offset + size < resolved.length
          ? { nextPageToken: encodePageToken(offset + size, requestKey) }
          : {}),
      };
    },
  );
}

/** orgunits:batchModify and orgunits:batchInherit (all-or-nothing, with modification errors). */
function registerBatchRoutes(app: FastifyInstance, routes: PolicyRoutes): void {
  const { opts } = routes;
  app.post<{ Params: CustomerParams }>(
    '/v1/customers/:customerId/policies/orgunits::batchModify',
    { preHandler: routes.write },
    async (request, reply) => {
      if (!routes.customerOk(request, reply)) return reply;
      const body = modifyBodySchema.safeParse(request.body ?? {});
      if (!body.success) return invalidBody(reply, body.error);
      const violation = batchRuleViolation(
        body.data.requests.map((item) => ({
          policySchema: item.policyValue.policySchema,
          policyTargetKey: item.policyTargetKey,
        })),
      );
      if (violation !== undefined) return sendStatus(reply, 400, violation);
      const errors = applyModify(routes.policies(), opts.orgUnits(), body.data.requests, opts.oauth.now());
      return errors.length > 0 ? modificationFailure(reply, errors) : {};
    },
  );

  app.post<{ Params: CustomerParams }>(
    '/v1/customers/:customerId/policies/orgunits::batchInherit',
    { preHandler: routes.write },
    async (request, reply) => {
      if (!routes.customerOk(request, reply)) return reply;
      const body = inheritBodySchema.safeParse(request.body ?? {});
      if (!body.success) return invalidBody(reply, body.error);
      const violation = batchRuleViolation(body.data.requests);
      if (violation !== undefined) return sendStatus(reply, 400, violation);
      const errors = applyInherit(routes.policies(), opts.orgUnits(), body.data.requests);
      return errors.length > 0 ? modificationFailure(reply, errors) : {};
    },
  );
}

/** policySchemas list (filtered, paged) and get. */
function registerSchemaRoutes(app: FastifyInstance, read: Guard, customerOk: CustomerCheck): void {
  app.get<{ Params: CustomerParams; Querystring: Record<string, unknown> }>(
    '/v1/customers/:customerId/policySchemas',
    { preHandler: read },
    async (request, reply) => {
      if (!customerOk(request, reply)) return reply;
      const filter = typeof request.query['filter'] === 'string' ? request.query['filter'] : '';
      const sizeProblem = pageSizeProblem(request.query['pageSize']);
      if (sizeProblem !== undefined) return sendStatus(reply, 400, sizeProblem);
      let predicate;
      try {
        predicate = parseSchemaFilter(filter);
      } catch (error) {
        return sendStatus(reply, 400, `Invalid filter: ${(error as Error).message}`);
      }
      const token = typeof request.query['pageToken'] === 'string' ? request.query['pageToken'] : '';
      const offset = token === '' ? 0 : decodePageToken(token, `schemas|${filter}`);
      if (offset === undefined) return sendStatus(reply, 400, 'Invalid page token.');
      const matching = ALL_SCHEMAS.filter(predicate);
      const size = pageSizeOf(request.query['pageSize']);
      const customer = request.params.customerId;
      return {
        policySchemas: matching
          .slice(offset, offset + size)
          .map((schema) => toPolicySchemaResource(schema, customer)),
        ...(offset + size < matching.length
          ? { nextPageToken: encodePageToken(offset + size, `schemas|${filter}`) }
          : {}),
      };
    },
  );

  app.get<{ Params: CustomerParams & { schemaName: string } }>(
    '/v1/customers/:customerId/policySchemas/:schemaName',
    { preHandler: read },
    async (request, reply) => {
      if (!customerOk(request, reply)) return reply;
      const schema = findSchema(request.params.schemaName);
      if (schema === undefined) return sendStatus(reply, 404, 'Requested entity was not found.');
      return toPolicySchemaResource(schema, request.params.customerId);
    },
  );
}
