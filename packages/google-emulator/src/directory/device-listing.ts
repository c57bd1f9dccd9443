/**
 * chromeosdevices.list paging. Without `orderBy` devices come in table order and the page token is
 * a plain cursor (the next matching row), so a listing costs one pass over the fleet however it is
 * paged. With `orderBy` the first page sorts the matches (so a new listing sees devices moved or
 * edited since an earlier one) and keeps that order in a small cache the following pages read from;
 * an evicted order is rebuilt from the same parameters. Ties are broken by table row, reversed with
 * the sort order, so a descending listing is exactly the ascending one backwards: two listings from
 * both ends meet without a gap.
 */
import { invalidInput } from '../http/google-errors.ts';
import { annotation } from '../state/device-annotations.ts';
import { lastSyncAt } from '../state/device-life.ts';
import type { DeviceTable } from '../state/device-table.ts';
import type { EmulatorState } from '../state/emulator-state.ts';
import { compileDeviceQuery, type DevicePredicate } from './device-query.ts';

export const ORDER_BY = [
  'annotatedLocation',
  'annotatedUser',
  'lastSync',
  'notes',
  'serialNumber',
  'status',
] as const;
export type OrderBy = (typeof ORDER_BY)[number];

export interface DeviceListRequest {
  query?: string;
  orgUnitPath?: string;
  includeChildOrgunits: boolean;
  orderBy?: OrderBy;
  descending: boolean;
  maxResults: number;
  pageToken?: string;
}

export interface DevicePage {
  rows: number[];
  nextPageToken?: string;
}

const MAX_CACHED_ORDERS = 16;

/** Serial numbers are set when a fleet is generated and never change, so their order is kept per table. */
const serialRanks = new WeakMap<DeviceTable, Uint32Array>();

/** Each row's position when all rows are sorted by serial number, ties by row. */
function serialRank(d: DeviceTable): Uint32Array {
  let rank = serialRanks.get(d);
  if (!rank) {
    const serials = d.serial;
    const rows = Array.from({ length: d.count }, (_, i) => i);
    rows.sort((a, b) => {
      const ka = serials[a] as string;
      const kb = serials[b] as string;
      return ka < kb ? -1 : ka > kb ? 1 : a - b;
    });
    rank = new Uint32Array(d.count);
    for (let position = 0; position < rows.length; position++) rank[rows[position] as number] = position;
    serialRanks.set(d, rank);
  }
  return rank;
}

export class DeviceLister {
  readonly #orders = new Map<string, Uint32Array>();
  #generation = -1;
  readonly #state: EmulatorState;

  constructor(state: EmulatorState) {
    this.#state = state;
  }

  list(request: DeviceListRequest): DevicePage {
    const state = this.#state;
    if (this.#generation !== state.generation) {
      this.#orders.clear();
      this.#generation = state.generation;
    }
    const ouMask = this.#ouMask(request);
    const key = JSON.stringify([
      state.generation,
      request.query ?? '',
      request.orgUnitPath ?? '',
      request.includeChildOrgunits,
      request.orderBy ?? '',
      request.descending,
    ]);
    // The cursor is the next row to examine (table order) or an offset into the sorted order.
    const cursor = request.pageToken ? state.pageTokens.read(request.pageToken, key) : 0;
    const predicate = this.#predicate(request.query, ouMask);
    return request.orderBy
      ? this.#sortedPage(request, key, cursor, predicate)
      : this.#tablePage(request, key, cursor, predicate);
  }

  #ouMask(request: DeviceListRequest): Uint8Array | undefined {
    const tree = this.#state.fleet.orgUnits;
    if (!request.orgUnitPath) {
      if (request.includeChildOrgunits)
        throw invalidInput('orgUnitPath must be provided when includeChildOrgunits is true');
      return undefined;
    }
    const ou = tree.resolve(request.orgUnitPath);
    if (!ou) throw invalidInput(`Org unit not found: ${request.orgUnitPath}`);
    return tree.slotMask(ou, request.includeChildOrgunits);
  }

  #predicate(query: string | undefined, ouMask: Uint8Array | undefined): DevicePredicate {
    const slots = this.#state.fleet.devices.ouSlot;
    const matches = query?.trim() ? compileDeviceQuery(this.#state, query) : undefined;
    if (ouMask && matches) return (i) => ouMask[slots[i] ?? 0] === 1 && matches(i);
    if (ouMask) return (i) => ouMask[slots[i] ?? 0] === 1;
    return matches ?? (() => true);
  }

  #tablePage(request: DeviceListRequest, key: string, from: number, matches: DevicePredicate): DevicePage {
    const count = this.#state.fleet.devices.count;
    const rows: number[] = [];
    let i = from;
    for (; i < count && rows.length < request.maxResults; i++) if (matches(i)) rows.push(i);
    while (i < count && !matches(i)) i++;
    if (i >= count) return { rows };
    return { rows, nextPageToken: this.#state.pageTokens.issue(key, i) };
  }

  #sortedPage(request: DeviceListRequest, key: string, offset: number, matches: DevicePredicate): DevicePage {
    let order = request.pageToken ? this.#orders.get(key) : undefined;
    if (!order) {
      order = this.#sort(request.orderBy as OrderBy, request.descending, matches);
      if (this.#orders.size >= MAX_CACHED_ORDERS && !this.#orders.has(key))
        this.#orders.delete(this.#orders.keys().next().value as string);
    }
    // Least recently used first: a long listing keeps its order while shorter ones come and go.
    this.#orders.delete(key);
    this.#orders.set(key, order);
    const end = Math.min(order.length, offset + request.maxResults);
    const rows = Array.from(order.subarray(offset, end));
    if (end >= order.length) return { rows };
    return { rows, nextPageToken: this.#state.pageTokens.issue(key, end) };
  }

  #sort(orderBy: OrderBy, descending: boolean, matches: DevicePredicate): Uint32Array {
    const state = this.#state;
    const fleet = state.fleet;
    const d = fleet.devices;
    const now = state.now();
    const rows: number[] = [];
    for (let i = 0; i < d.count; i++) if (matches(i)) rows.push(i);
    const sign = descending ? -1 : 1;
    if (orderBy === 'lastSync') {
      const keys = new Float64Array(d.count);
      for (const i of rows) keys[i] = lastSyncAt(fleet, i, now) || Number.NEGATIVE_INFINITY;
      rows.sort((a, b) => sign * ((keys[a] as number) - (keys[b] as number) || a - b));
    } else if (orderBy === 'serialNumber') {
      // Each row's place among all serials (ties by row): numbers compare faster than strings.
      const rank = serialRank(d);
      rows.sort((a, b) => sign * ((rank[a] as number) - (rank[b] as number)));
    } else {
      // Other keys are computed once per match.
      const keys = new Array<string>(d.count);
      for (const i of rows) {
        keys[i] = orderBy === 'status' ? d.statusOf(i) : (annotation(fleet, i, orderBy) ?? '').toLowerCase();
      }
      rows.sort((a, b) => {
        const ka = keys[a] as string;
        const kb = keys[b] as string;
        return sign * (ka < kb ? -1 : ka > kb ? 1 : a - b);
      });
    }
    return Uint32Array.from(rows);
  }
}
