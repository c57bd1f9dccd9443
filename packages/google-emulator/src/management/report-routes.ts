/**
 * Chrome Management `customers.reports.*` routes for devices and installed apps (reference §2.1, §2.5–2.6).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { guard, ownCustomer, ROUTE_SCOPES, type ApiContext } from '../http/api-context.ts';
import { sendJson } from '../http/json-response.ts';
import { stringParam } from '../http/request-params.ts';
import type { PolicyStore } from '../policy/policy-store.ts';
import type { EmulatorState } from '../state/emulator-state.ts';
import {
  activeDevices,
  ATTENTION_FIELDS,
  aueCounts,
  bootTypes,
  chromeVersions,
  HARDWARE_FIELDS,
  hardwareFleet,
  needsAttention,
  releaseChannels,
} from './fleet-reports.ts';
import { installedApps } from './installed-apps.ts';
import { parseInstalledAppsFilter, parseInstalledAppsOrder } from './installed-apps-query.ts';
import { parseReadMask, rpcInvalid } from './telemetry-filter.ts';
import { pageSizeParam } from './telemetry-routes.ts';

/** `::` is find-my-way's escape for a literal colon: `/reports:countX`. */
const REPORTS = '/v1/customers/:customerId/reports::';
export const REPORT_PAGE_SIZE = { default: 100, max: 100 } as const;

type CustomerParams = { customerId: string };

/** `orgUnitId` (bare, or with `id:`) to an OU slot; undefined for the whole customer. */
function ouSlotParam(state: EmulatorState, request: FastifyRequest): number | undefined {
  const id = stringParam(request, 'orgUnitId', 100);
  if (!id) return undefined;
  const ou = state.fleet.orgUnits.byId(id);
  if (!ou) throw rpcInvalid(`Invalid orgUnitId: ${id}`);
  return ou.slot;
}

function dateParam(request: FastifyRequest, name: string): number | undefined {
  const text = stringParam(request, name, 20);
  if (!text) return undefined;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const at = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : Number.NaN;
  if (Number.isNaN(at)) throw rpcInvalid(`Invalid ${name}: ${text} (expected yyyy-mm-dd)`);
  return at;
}

/** `last_active_date>=2024-01-01 AND last_active_date<=2024-02-01` → [from, to). */
function lastActiveFilter(text: string | undefined): { from?: number; to?: number } {
  const out: { from?: number; to?: number } = {};
  if (!text?.trim()) return out;
  for (const part of text.split(/\s+AND\s+/)) {
    const match = /^\s*last_?active_?date\s*(>=|<=|>|<|=)\s*"?(\d{4})-(\d{2})-(\d{2})"?\s*$/i.exec(part);
    if (!match) throw rpcInvalid(`Invalid filter: ${text}`);
    const day = Date.UTC(Number(match[2]), Number(match[3]) - 1, Number(match[4]));
    const op = match[1];
    if (op === '>=' || op === '=') out.from = day;
    if (op === '>') out.from = day + 86_400_000;
    if (op === '<=' || op === '=') out.to = day + 86_400_000;
    if (op === '<') out.to = day;
  }
  return out;
}

/** `policies` decide which apps the fleet has installed (the installed-apps report). */
export function registerReportRoutes(app: FastifyInstance, context: ApiContext, policies: PolicyStore): void {
  const { state } = context;
  const read = { preHandler: guard(context, ROUTE_SCOPES.reports) };
  const route = (name: string, build: (request: FastifyRequest) => unknown) =>
    app.get<{ Params: CustomerParams }>(`${REPORTS}${name}`, read, async (request, reply) => {
      if (!ownCustomer(context, request, reply, request.params.customerId)) return reply;
      return sendJson(request, reply, build(request));
    });

  route('countChromeDevicesReachingAutoExpirationDate', (request) =>
    aueCounts(
      state,
      ouSlotParam(state, request),
      dateParam(request, 'minAueDate'),
      endOfDay(dateParam(request, 'maxAueDate')),
    ),
  );

  route('countChromeDevicesThatNeedAttention', (request) =>
    needsAttention(
      state,
      ouSlotParam(state, request),
      parseReadMask(stringParam(request, 'readMask'), ATTENTION_FIELDS),
    ),
  );

  route('countChromeHardwareFleetDevices', (request) =>
    hardwareFleet(
      state,
      ouSlotParam(state, request),
      parseReadMask(stringParam(request, 'readMask'), HARDWARE_FIELDS),
    ),
  );

  route('countChromeVersions', (request) => chromeVersionsReport(state, request));
  route('countInstalledApps', (request) => installedAppsReport(state, policies, request));
  route('countActiveDevices', (request) => activeDevices(state, reportDayEnd(state, request)));
  route('countDevicesPerBootType', () => bootTypes(state));
  route('countDevicesPerReleaseChannel', () => releaseChannels(state));
}

/** One page of `all` under `field`, with Google's opaque token bound to the query that made it. */
function reportPage(
  state: EmulatorState,
  request: FastifyRequest,
  field: string,
  query: readonly unknown[],
  all: readonly unknown[],
) {
  const pageSize = pageSizeParam(request, REPORT_PAGE_SIZE);
  const key = JSON.stringify([...query, state.generation]);
  const token = stringParam(request, 'pageToken');
  const offset = token ? state.pageTokens.read(token, key) : 0;
  const items = all.slice(offset, offset + pageSize);
  return {
    ...(items.length ? { [field]: items } : {}),
    ...(offset + pageSize < all.length
      ? { nextPageToken: state.pageTokens.issue(key, offset + pageSize) }
      : {}),
    totalSize: all.length,
  };
}

/** countChromeVersions: browser versions seen in the last-active window, paged. */
function chromeVersionsReport(state: EmulatorState, request: FastifyRequest) {
  const filterText = stringParam(request, 'filter');
  const { from, to } = lastActiveFilter(filterText);
  const ouSlot = ouSlotParam(state, request);
  const all = chromeVersions(state, ouSlot, from, to);
  return reportPage(state, request, 'browserVersions', ['versions', filterText ?? '', ouSlot ?? ''], all);
}

/** countInstalledApps: filtered and ordered as asked, paged. */
function installedAppsReport(state: EmulatorState, policies: PolicyStore, request: FastifyRequest) {
  const filterText = stringParam(request, 'filter');
  const orderText = stringParam(request, 'orderBy', 200);
  const matches = parseInstalledAppsFilter(filterText);
  const order = parseInstalledAppsOrder(orderText);
  const ouSlot = ouSlotParam(state, request);
  const today = new Date(state.now()).toISOString().slice(0, 10);
  const all = installedApps(state, policies, ouSlot)
    .filter((app) => matches(app, today))
    .sort(order);
  const query = ['apps', filterText ?? '', orderText ?? '', ouSlot ?? ''];
  return reportPage(state, request, 'installedApps', query, all);
}

function endOfDay(day: number | undefined): number | undefined {
  return day === undefined ? undefined : day + 86_400_000 - 1;
}

/** `date.year`, `date.month`, `date.day` (GAM's form); today on the emulator clock by default. */
function reportDayEnd(state: EmulatorState, request: FastifyRequest): number {
  const year = stringParam(request, 'date.year', 4);
  const month = stringParam(request, 'date.month', 2);
  const day = stringParam(request, 'date.day', 2);
  if (!year && !month && !day) {
    const now = new Date(state.now());
    return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + 86_400_000;
  }
  const at = Date.UTC(Number(year), Number(month) - 1, Number(day));
  if (!year || !month || !day || Number.isNaN(at))
    throw rpcInvalid('Invalid date: year, month and day are required.');
  return at + 86_400_000;
}
