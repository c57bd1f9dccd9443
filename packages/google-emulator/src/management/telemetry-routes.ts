/**
 * Chrome Management telemetry devices: list and get (reference §2.1–2.3).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { guard, ownCustomer, ROUTE_SCOPES, type ApiContext } from '../http/api-context.ts';
import { GoogleApiError } from '../http/google-errors.ts';
import { sendJson, sendShapedJson } from '../http/json-response.ts';
import { applyFieldsAround, parseFields, type FieldTree } from '../http/partial-response.ts';
import { stringParam } from '../http/request-params.ts';
import { STATUS } from '../state/device-table.ts';
import type { EmulatorState } from '../state/emulator-state.ts';
import { parseReadMask, parseTelemetryFilter, rpcInvalid, type TelemetryFilter } from './telemetry-filter.ts';
import { TELEMETRY_FIELDS, telemetryDeviceBuilder, telemetryDeviceJson } from './telemetry-json.ts';

export const TELEMETRY_PAGE_SIZE = { default: 100, max: 1000 } as const;
const BASE = '/v1/customers/:customerId/telemetry/devices';

type CustomerParams = { customerId: string };

/** AIP-158 page sizes: 0 or absent → default; negative or above the maximum → INVALID_ARGUMENT. */
export function pageSizeParam(request: FastifyRequest, limits: { default: number; max: number }): number {
  const text = stringParam(request, 'pageSize', 20);
  if (text === undefined || text === '' || text === '0') return limits.default;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value > limits.max) {
    throw rpcInvalid(`Invalid pageSize ${text}: must be between 1 and ${limits.max}.`);
  }
  return value;
}

/**
 * The `fields` selection as `sendJson` reads it, or undefined when there is none or it does not
 * parse (then `sendJson` answers Google's 400 for it after the page is built, as it always did).
 */
function fieldsTree(request: FastifyRequest): FieldTree | undefined {
  const text = (request.query as Record<string, unknown>).fields;
  if (typeof text !== 'string' || !text) return undefined;
  try {
    return parseFields(text);
  } catch {
    return undefined;
  }
}

/** Devices that report telemetry: enrolled and not deprovisioned. */
function reports(state: EmulatorState, row: number): boolean {
  const status = state.fleet.devices.status[row];
  return status !== STATUS.PRE_PROVISIONED && status !== STATUS.DEPROVISIONED;
}

function matches(
  state: EmulatorState,
  row: number,
  filter: TelemetryFilter,
  ouSlot: number | undefined,
): boolean {
  const d = state.fleet.devices;
  if (!reports(state, row)) return false;
  if (ouSlot !== undefined && d.ouSlot[row] !== ouSlot) return false;
  if (filter.serialNumber !== undefined && d.serial[row] !== filter.serialNumber) return false;
  return filter.deviceId === undefined || d.deviceId[row] === filter.deviceId;
}

export function registerTelemetryRoutes(app: FastifyInstance, context: ApiContext): void {
  const { state } = context;
  const read = { preHandler: guard(context, ROUTE_SCOPES.telemetry) };

  app.get<{ Params: CustomerParams }>(BASE, read, async (request, reply) => {
    if (!ownCustomer(context, request, reply, request.params.customerId)) return reply;
    const fields = parseReadMask(stringParam(request, 'readMask'), TELEMETRY_FIELDS);
    const filterText = stringParam(request, 'filter');
    const filter = parseTelemetryFilter(filterText);
    const pageSize = pageSizeParam(request, TELEMETRY_PAGE_SIZE);
    const ouSlot =
      filter.orgUnitId === undefined ? undefined : (state.fleet.orgUnits.byId(filter.orgUnitId)?.slot ?? -1);
    const key = JSON.stringify(['telemetry', state.generation, filterText ?? '']);
    const token = stringParam(request, 'pageToken');
    let row = token ? state.pageTokens.read(token, key) : 0;
    const window = {
      ...(filter.reportsFrom !== undefined ? { from: filter.reportsFrom } : {}),
      ...(filter.reportsTo !== undefined ? { to: filter.reportsTo } : {}),
    };
    // Devices are built with only the fields the `fields` selection keeps (none when it keeps no
    // devices); an unreadable selection builds them whole and fails where it always did, on output.
    const tree = fieldsTree(request);
    const selected = tree === undefined || tree.has('*') ? true : tree.get('devices');
    const build = telemetryDeviceBuilder(fields, selected ?? true);
    const devices: Record<string, unknown>[] = [];
    let listed = 0;
    const count = state.fleet.devices.count;
    for (; row < count && listed < pageSize; row++) {
      if (!matches(state, row, filter, ouSlot)) continue;
      listed++;
      if (selected !== undefined) devices.push(build(state, row, window));
    }
    while (row < count && !matches(state, row, filter, ouSlot)) row++;
    const body: Record<string, unknown> = {};
    if (listed) body.devices = devices;
    if (row < count) body.nextPageToken = state.pageTokens.issue(key, row);
    if (tree === undefined) return sendJson(request, reply, body);
    return sendShapedJson(request, reply, applyFieldsAround(body, tree, 'devices'));
  });

  app.get<{ Params: CustomerParams & { deviceId: string } }>(
    `${BASE}/:deviceId`,
    read,
    async (request, reply) => {
      if (!ownCustomer(context, request, reply, request.params.customerId)) return reply;
      const fields = parseReadMask(stringParam(request, 'readMask'), TELEMETRY_FIELDS);
      const row = state.fleet.devices.indexOf(request.params.deviceId);
      if (row === undefined || !reports(state, row)) {
        throw new GoogleApiError({
          httpStatus: 404,
          reason: 'notFound',
          message: `Device ${request.params.deviceId} not found.`,
        });
      }
      return sendJson(request, reply, telemetryDeviceJson(state, row, fields, {}));
    },
  );
}
