/**
 * Directory orgunits (reference §1.7) and customers.get (§1.8). OUs are unpaged; `{+orgUnitPath}`
 * is a path without the leading slash, or an `id:` id.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { guard, ownCustomer, ROUTE_SCOPES, type ApiContext } from '../http/api-context.ts';
import { GoogleApiError, invalidInput } from '../http/google-errors.ts';
import { sendEmpty, sendJson } from '../http/json-response.ts';
import { enumParam, stringParam } from '../http/request-params.ts';
import type { EmulatorState } from '../state/emulator-state.ts';
import { ORG_UNIT_LIMITS, type OrgUnitRecord } from '../state/org-units.ts';
import { hash32, seedFromString } from '../state/random.ts';

const OU_PATH = '/admin/directory/v1/customer/:customerId/orgunits';
const METHOD = 'ccc.hosted.frontend.directory.v1.DirectoryOrgunits';
const NAME_MAX = 100;
const DESCRIPTION_MAX = 500;

type CustomerParams = { customerId: string };
type OuParams = CustomerParams & { '*': string };

export function orgUnitJson(state: EmulatorState, ou: OrgUnitRecord): Record<string, unknown> {
  const parent = state.fleet.orgUnits.parentOf(ou);
  return {
    kind: 'admin#directory#orgUnit',
    etag: `"${hash32(seedFromString(ou.orgUnitId), ou.version).toString(36)}/${ou.slot.toString(36)}"`,
    name: ou.name,
    ...(ou.description !== undefined ? { description: ou.description } : {}),
    orgUnitPath: ou.orgUnitPath,
    orgUnitId: `id:${ou.orgUnitId}`,
    ...(parent ? { parentOrgUnitPath: parent.orgUnitPath, parentOrgUnitId: `id:${parent.orgUnitId}` } : {}),
  };
}

function ouNotFound(): GoogleApiError {
  return new GoogleApiError({ httpStatus: 404, reason: 'notFound', message: 'Org unit not found' });
}

function ouFromPath(state: EmulatorState, raw: string): OrgUnitRecord {
  const decoded = decodeURIComponent(raw);
  const ou = state.fleet.orgUnits.resolve(decoded === '' ? '/' : decoded);
  if (!ou) throw ouNotFound();
  return ou;
}

/** Registers orgunits list/get/insert/update/patch/delete and customers.get. */
export function registerOrgUnitRoutes(app: FastifyInstance, context: ApiContext): void {
  registerOrgUnitReads(app, context);
  registerOrgUnitInsert(app, context);
  registerOrgUnitUpdates(app, context);
  registerOrgUnitDelete(app, context);
  registerCustomerRoute(app, context);
}

/** The guard of a read method, by its method name. */
function read(context: ApiContext, name: string) {
  return { preHandler: guard(context, ROUTE_SCOPES.orgUnitRead, `${METHOD}.${name}`) };
}

/** The guard of a write method, by its method name. */
function write(context: ApiContext, name: string) {
  return { preHandler: guard(context, ROUTE_SCOPES.orgUnitWrite, `${METHOD}.${name}`) };
}

/** orgunits.list (children, all, or all including the parent) and orgunits.get. */
function registerOrgUnitReads(app: FastifyInstance, context: ApiContext): void {
  const { state } = context;
  app.get<{ Params: CustomerParams }>(OU_PATH, read(context, 'List'), async (request, reply) => {
    if (!ownCustomer(context, request, reply, request.params.customerId)) return reply;
    const tree = state.fleet.orgUnits;
    const type = enumParam(request, 'type', ['children', 'all', 'allIncludingParent'] as const) ?? 'children';
    const path = stringParam(request, 'orgUnitPath');
    const base = path ? tree.resolve(path) : tree.root;
    if (!base) throw ouNotFound();
    const units =
      type === 'children'
        ? tree.children(base)
        : type === 'all'
          ? tree.descendants(base)
          : [base, ...tree.descendants(base)];
    const body: Record<string, unknown> = {
      kind: 'admin#directory#orgUnits',
      etag: `"${hash32(tree.size, units.length).toString(36)}"`,
    };
    if (units.length) body.organizationUnits = units.map((ou) => orgUnitJson(state, ou));
    return sendJson(request, reply, body);
  });

  app.get<{ Params: OuParams }>(`${OU_PATH}/*`, read(context, 'Get'), async (request, reply) => {
    if (!ownCustomer(context, request, reply, request.params.customerId)) return reply;
    return sendJson(request, reply, orgUnitJson(state, ouFromPath(state, request.params['*'])));
  });
}

/** orgunits.insert: a named child of an existing parent, within the tree's limits. */
function registerOrgUnitInsert(app: FastifyInstance, context: ApiContext): void {
  const { state } = context;
  app.post<{ Params: CustomerParams }>(OU_PATH, write(context, 'Insert'), async (request, reply) => {
    if (!ownCustomer(context, request, reply, request.params.customerId)) return reply;
    const body = ouBody(request);
    const tree = state.fleet.orgUnits;
    if (!body.name)
      throw new GoogleApiError({ httpStatus: 400, reason: 'required', message: 'Invalid Input: name' });
    const parent = parentOf(state, body);
    if (!parent) throw invalidInput('Parent Org unit not found');
    if (tree.size >= ORG_UNIT_LIMITS.maxCount || tree.depth(parent) + 1 > ORG_UNIT_LIMITS.maxDepth) {
      throw invalidInput('Org unit limit reached');
    }
    const path = parent.orgUnitPath === '/' ? `/${body.name}` : `${parent.orgUnitPath}/${body.name}`;
    if (tree.byPath(path))
      throw new GoogleApiError({ httpStatus: 400, reason: 'invalid', message: 'Invalid Ou Id' });
    const salt = seedFromString(path);
    const orgUnitId = `03${[hash32(salt, tree.size, 1), hash32(salt, state.now(), 2)].map((h) => h.toString(36).padStart(7, '0').slice(-6)).join('')}`;
    const ou = tree.add({
      orgUnitId,
      name: body.name,
      parent,
      ...(body.description ? { description: body.description } : {}),
    });
    return sendJson(request, reply, orgUnitJson(state, ou));
  });
}

/** orgunits.update and orgunits.patch: rename, describe, or move (never under itself). */
function registerOrgUnitUpdates(app: FastifyInstance, context: ApiContext): void {
  const { state } = context;
  for (const method of ['PUT', 'PATCH'] as const) {
    app.route<{ Params: OuParams }>({
      method,
      url: `${OU_PATH}/*`,
      ...write(context, method === 'PUT' ? 'Update' : 'Patch'),
      handler: async (request, reply) => {
        if (!ownCustomer(context, request, reply, request.params.customerId)) return reply;
        const ou = ouFromPath(state, request.params['*']);
        const body = ouBody(request);
        const parent = body.parentOrgUnitId || body.parentOrgUnitPath ? parentOf(state, body) : undefined;
        if ((body.parentOrgUnitId || body.parentOrgUnitPath) && !parent)
          throw invalidInput('Parent Org unit not found');
        if (
          parent &&
          (parent === ou || parent.orgUnitPath.toLowerCase().startsWith(`${ou.orgUnitPath.toLowerCase()}/`))
        ) {
          throw invalidInput('An org unit cannot be moved under itself');
        }
        state.fleet.orgUnits.update(ou, {
          ...(body.name ? { name: body.name } : {}),
          ...(parent ? { parent } : {}),
          ...(body.description !== undefined ? { description: body.description } : {}),
        });
        return sendJson(request, reply, orgUnitJson(state, ou));
      },
    });
  }
}

/** orgunits.delete: never the root, nor a unit with devices or children. */
function registerOrgUnitDelete(app: FastifyInstance, context: ApiContext): void {
  const { state } = context;
  app.delete<{ Params: OuParams }>(`${OU_PATH}/*`, write(context, 'Delete'), async (request, reply) => {
    if (!ownCustomer(context, request, reply, request.params.customerId)) return reply;
    const tree = state.fleet.orgUnits;
    const ou = ouFromPath(state, request.params['*']);
    if (ou === tree.root) throw invalidInput('The root org unit cannot be deleted');
    const slots = state.fleet.devices.ouSlot;
    if (tree.children(ou).length > 0 || slots.includes(ou.slot)) {
      throw new GoogleApiError({
        httpStatus: 400,
        reason: 'failedPrecondition',
        message: 'Org unit has devices or children and cannot be deleted',
      });
    }
    tree.remove(ou);
    return sendEmpty(reply);
  });
}

/** customers.get (§1.8) for the emulated customer. */
function registerCustomerRoute(app: FastifyInstance, context: ApiContext): void {
  const { state } = context;
  app.get<{ Params: { customerKey: string } }>(
    '/admin/directory/v1/customers/:customerKey',
    {
      preHandler: guard(
        context,
        ROUTE_SCOPES.customerRead,
        'ccc.hosted.frontend.directory.v1.DirectoryCustomers.Get',
      ),
    },
    async (request, reply) => {
      if (!ownCustomer(context, request, reply, request.params.customerKey)) return reply;
      const c = state.customer;
      return sendJson(request, reply, {
        kind: 'admin#directory#customer',
        id: c.id,
        etag: `"${hash32(seedFromString(c.id)).toString(36)}"`,
        customerDomain: c.domain,
        alternateEmail: `it-director@${c.domain}`,
        customerCreationTime: new Date(c.createdAt).toISOString(),
        language: c.language,
        phoneNumber: c.phoneNumber,
        postalAddress: c.postalAddress,
      });
    },
  );
}

interface OuBody {
  name?: string;
  description?: string;
  parentOrgUnitId?: string;
  parentOrgUnitPath?: string;
}

function ouBody(request: FastifyRequest): OuBody {
  const body = request.body;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new GoogleApiError({
      httpStatus: 400,
      reason: 'parseError',
      message: 'Invalid JSON payload received.',
    });
  }
  const out: OuBody = {};
  const fields = body as Record<string, unknown>;
  for (const key of ['name', 'description', 'parentOrgUnitId', 'parentOrgUnitPath'] as const) {
    const value = fields[key];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string') throw invalidInput(`${key} must be a string`);
    out[key] = value;
  }
  if (out.name !== undefined && (out.name.length > NAME_MAX || out.name.includes('/') || !out.name.trim())) {
    throw invalidInput('Invalid Org unit name');
  }
  if (out.description !== undefined && out.description.length > DESCRIPTION_MAX)
    throw invalidInput('description is too long');
  return out;
}

function parentOf(state: EmulatorState, body: OuBody): OrgUnitRecord | undefined {
  const tree = state.fleet.orgUnits;
  if (body.parentOrgUnitId) return tree.byId(body.parentOrgUnitId);
  if (body.parentOrgUnitPath) return tree.resolve(body.parentOrgUnitPath);
  return undefined;
}
