/**
 * Directory chromeosdevices: list, get, update and patch (reference §1.1–1.3).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { guard, ownCustomer, ROUTE_SCOPES, type ApiContext } from '../http/api-context.ts';
import { invalidArgument, invalidInput, notFound } from '../http/google-errors.ts';
import { sendShapedJson } from '../http/json-response.ts';
import { boolParam, enumParam, intParam, stringParam } from '../http/request-params.ts';
import { ANNOTATION_LIMITS, setAnnotation, type AnnotatedField } from '../state/device-annotations.ts';
import type { EmulatorState } from '../state/emulator-state.ts';
import { applyFields, applyFieldsAround, parseFields, type FieldTree } from '../http/partial-response.ts';
import { deviceJsonBuilder, type DeviceJsonBuilder, PROJECTIONS, type Projection } from './device-json.ts';
import { ORDER_BY } from './device-listing.ts';
import { hash32 } from '../state/random.ts';

export const DEVICES_PATH = '/admin/directory/v1/customer/:customerId/devices/chromeos';
export const MAX_RESULTS = { min: 1, max: 300, default: 100 } as const;
const METHOD = 'ccc.hosted.frontend.directory.v1.DirectoryChromeosdevices';

type CustomerParams = { customerId: string };
type DeviceParams = CustomerParams & { deviceId: string };

export function projectionOf(request: FastifyRequest): Projection {
  return enumParam(request, 'projection', PROJECTIONS) ?? 'FULL';
}

/** The row of `deviceId`, or Google's 404. */
export function deviceRow(state: EmulatorState, deviceId: string): number {
  const row = state.fleet.devices.indexOf(deviceId);
  if (row === undefined) throw notFound();
  return row;
}

export function registerDeviceRoutes(app: FastifyInstance, context: ApiContext): void {
  const { state, lister } = context;

  app.get<{ Params: CustomerParams }>(
    DEVICES_PATH,
    { preHandler: guard(context, ROUTE_SCOPES.deviceRead, `${METHOD}.List`) },
    async (request, reply) => {
      if (!ownCustomer(context, request, reply, request.params.customerId)) return reply;
      const projection = projectionOf(request);
      const sortOrder = enumParam(request, 'sortOrder', ['ASCENDING', 'DESCENDING'] as const);
      const query = stringParam(request, 'query');
      const orgUnitPath = stringParam(request, 'orgUnitPath');
      const pageToken = stringParam(request, 'pageToken');
      const orderBy = enumParam(request, 'orderBy', ORDER_BY);
      const page = lister.list({
        maxResults: intParam(request, 'maxResults', MAX_RESULTS),
        includeChildOrgunits: boolParam(request, 'includeChildOrgunits'),
        descending: sortOrder === 'DESCENDING',
        ...(query !== undefined ? { query } : {}),
        ...(orgUnitPath ? { orgUnitPath } : {}),
        ...(pageToken ? { pageToken } : {}),
        ...(orderBy ? { orderBy } : {}),
      });
      const body: Record<string, unknown> = {
        kind: 'admin#directory#chromeosdevices',
        etag: listEtag(state, page.rows),
      };
      const tree = fieldsOf(request);
      const selected = tree === undefined || tree.has('*') ? true : tree.get('chromeosdevices');
      if (page.rows.length && selected !== undefined) {
        // Devices are built with only the selected fields, so they are not trimmed again.
        const build = deviceBuilder(selected, projection);
        body.chromeosdevices = page.rows.map((row) => build(state, row));
      }
      if (page.nextPageToken) body.nextPageToken = page.nextPageToken;
      return sendShapedJson(request, reply, tree ? applyFieldsAround(body, tree, 'chromeosdevices') : body);
    },
  );

  app.get<{ Params: DeviceParams }>(
    `${DEVICES_PATH}/:deviceId`,
    { preHandler: guard(context, ROUTE_SCOPES.deviceRead, `${METHOD}.Get`) },
    async (request, reply) => {
      if (!ownCustomer(context, request, reply, request.params.customerId)) return reply;
      const projection = projectionOf(request);
      const row = deviceRow(state, request.params.deviceId);
      return sendShapedJson(request, reply, deviceBuilder(fieldsOf(request) ?? true, projection)(state, row));
    },
  );

  for (const method of ['PUT', 'PATCH'] as const) {
    app.route<{ Params: DeviceParams }>({
      method,
      url: `${DEVICES_PATH}/:deviceId`,
      preHandler: guard(
        context,
        ROUTE_SCOPES.deviceWrite,
        `${METHOD}.${method === 'PUT' ? 'Update' : 'Patch'}`,
      ),
      handler: async (request, reply) => {
        if (!ownCustomer(context, request, reply, request.params.customerId)) return reply;
        const projection = projectionOf(request);
        const row = deviceRow(state, request.params.deviceId);
        applyDeviceUpdate(state, row, request.body);
        state.writes.record([request.params.deviceId]);
        const build = deviceBuilder(fieldsOf(request) ?? true, projection);
        return sendShapedJson(request, reply, build(state, row));
      },
    });
  }
}

function fieldsOf(request: FastifyRequest): FieldTree | undefined {
  const fields = stringParam(request, 'fields');
  return fields ? parseFields(fields) : undefined;
}

/**
 * Device JSON for a `fields` selection (`true`: the whole device): only the selected top-level
 * fields are built, so an etag listing computes identities only and a full sync's selection skips
 * the time series. Nested selections (`osUpdateStatus/state`) are trimmed after building.
 */
function deviceBuilder(selection: FieldTree | true, projection: Projection): DeviceJsonBuilder {
  if (selection === true || selection.has('*')) return deviceJsonBuilder(projection);
  const build = deviceJsonBuilder(projection, new Set(selection.keys()));
  const nested = [...selection].filter((entry): entry is [string, FieldTree] => entry[1] !== true);
  if (nested.length === 0) return build;
  return (state, row) => {
    // A freshly built device: its nested selections are trimmed in place, its other fields kept.
    const device = build(state, row);
    for (const [name, node] of nested) if (name in device) device[name] = applyFields(device[name], node);
    return device;
  };
}

const WRITABLE: readonly AnnotatedField[] = [
  'annotatedUser',
  'annotatedLocation',
  'annotatedAssetId',
  'notes',
];

/**
 * update and patch both change only the writable fields present in the body (GAM sends partial
 * bodies to `update`); read-only fields are ignored, as Google does.
 */
export function applyDeviceUpdate(state: EmulatorState, row: number, body: unknown): void {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw invalidArgument('Invalid JSON payload received. Expected a ChromeOsDevice object.', 'parseError');
  }
  const fields = body as Record<string, unknown>;
  const changes: [AnnotatedField, string][] = [];
  for (const field of WRITABLE) {
    const value = fields[field];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string') throw invalidInput(`${field} must be a string`);
    if (value.length > ANNOTATION_LIMITS[field]) {
      throw invalidInput(`${field} is longer than the maximum of ${ANNOTATION_LIMITS[field]} characters`);
    }
    changes.push([field, value]);
  }
  const target = targetOrgUnit(state, fields.orgUnitPath, fields.orgUnitId);
  for (const [field, value] of changes) setAnnotation(state.fleet, row, field, value);
  if (target !== undefined) state.fleet.devices.ouSlot[row] = target;
  state.fleet.devices.touch(row);
}

function targetOrgUnit(state: EmulatorState, path: unknown, id: unknown): number | undefined {
  if ((path !== undefined && typeof path !== 'string') || (id !== undefined && typeof id !== 'string')) {
    throw invalidInput('orgUnitPath and orgUnitId must be strings');
  }
  if (!path && !id) return undefined;
  const tree = state.fleet.orgUnits;
  const byPath = path ? tree.byPath(path) : undefined;
  const byId = id ? tree.byId(id) : undefined;
  if ((path && !byPath) || (id && !byId)) throw invalidInput('Invalid Org Unit');
  if (byPath && byId && byPath !== byId) throw invalidInput('Inconsistent Orgunit id and path in request');
  return (byPath ?? byId)?.slot;
}

function listEtag(state: EmulatorState, rows: readonly number[]): string {
  let h = hash32(state.fleet.seed, rows.length, state.generation);
  const versions = state.fleet.devices.version;
  for (const row of rows) h = hash32(h, row, versions[row] ?? 0);
  return `"${h.toString(36)}/${hash32(h, 7).toString(36)}"`;
}
