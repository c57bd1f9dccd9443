import { trimBaseUrl } from '../google-hosts.ts';
import { orgUnitPathSegment } from '../google-ids.ts';
import { iterateItems, iteratePages, type Page } from '../http/pagination.ts';
import { MAX_BATCH_CALLS } from '../http/multipart-batch.ts';
import type { BatchOutcome, CallOptions, GoogleTransport } from '../http/transport.ts';
import {
  deviceIdSchema,
  type ListChromeOsDevicesQuery,
  listChromeOsDevicesQuerySchema,
} from './chromeos-device-query.schema.ts';
import {
  type ChromeOsDevice,
  chromeOsDeviceSchema,
  type ChromeOsDevicesPage,
  chromeOsDevicesPageSchema,
  type ChromeOsDeviceUpdate,
  chromeOsDeviceUpdateSchema,
} from './chromeos-device.schema.ts';
import { type Customer, customerSchema } from './customer.schema.ts';
import type { DeviceBatchResult } from './device-batches.ts';
import { batchChangeStatus, getCommand, issueCommand, moveDevicesToOu } from './device-actions.ts';
import type { DeviceCommand, DeviceCommandRequest, IssueCommandResponse } from './device-command.schema.ts';
import type { ChangeStatusAction, RequestDeprovisionReason } from './device-status-change.schema.ts';
import {
  type BulkCallOptions,
  type CallShape,
  type DeviceCallOptions,
  type DirectoryCalls,
  deviceQuery,
} from './directory-call.ts';
import {
  type OrgUnit,
  type OrgUnitListType,
  orgUnitSchema,
  orgUnitsResponseSchema,
} from './org-unit.schema.ts';
import { type DirectoryUser, directoryUserSchema, USER_FIELDS, userKeySchema } from './user.schema.ts';

export type { BulkCallOptions, DeviceCallOptions } from './directory-call.ts';

/** Typed calls to the Admin SDK Directory API for ChromeOS devices, OUs and the customer (§1). */

export interface DirectoryClientOptions {
  /** API root, `https://admin.googleapis.com` by default (see google-hosts.ts). */
  baseUrl: string;
  /** A raw customer ID or `my_customer`. */
  customerId: string;
}

/** Calls per HTTP batch: large enough to save the round trips, small enough to retry cheaply. */
const DEFAULT_BATCH_SIZE = 100;

export class DirectoryClient {
  readonly #transport: GoogleTransport;
  readonly #root: string;
  readonly #customerPath: string;
  readonly #batchEndpoint: string;
  readonly #calls: DirectoryCalls;

  constructor(transport: GoogleTransport, options: DirectoryClientOptions) {
    this.#transport = transport;
    this.#batchEndpoint = `${trimBaseUrl(options.baseUrl)}/batch`;
    this.#root = `${trimBaseUrl(options.baseUrl)}/admin/directory/v1`;
    this.#customerPath = `${this.#root}/customer/${encodeURIComponent(options.customerId)}`;
    this.#calls = {
      customerPath: this.#customerPath,
      devicePath: (deviceId) => this.#devicePath(deviceId),
      call: (shape, options) => this.#call(shape, options),
    };
  }

  /** One page of devices; `query.pageToken` selects the page. */
  async listChromeOsDevices(
    query: ListChromeOsDevicesQuery = {},
    options: CallOptions = {},
  ): Promise<ChromeOsDevicesPage> {
    const params = listChromeOsDevicesQuerySchema.parse(query);
    const url = `${this.#customerPath}/devices/chromeos`;
    return this.#call(
      {
        operation: 'chromeosdevices.list',
        method: 'GET',
        url,
        query: params,
        schema: chromeOsDevicesPageSchema,
      },
      options,
    );
  }

  /** Every page from `query.pageToken` (or the start), each with the token to resume after it. */
  iterateChromeOsDevicePages(
    query: ListChromeOsDevicesQuery = {},
    options: CallOptions = {},
  ): AsyncGenerator<Page<ChromeOsDevice>> {
    return iteratePages(async (pageToken) => {
      const page = await this.listChromeOsDevices({ ...query, pageToken }, options);
      return { items: page.chromeosdevices ?? [], nextPageToken: page.nextPageToken };
    }, query.pageToken);
  }

  /** Every device, one at a time, across pages. */
  iterateChromeOsDevices(
    query: ListChromeOsDevicesQuery = {},
    options: CallOptions = {},
  ): AsyncGenerator<ChromeOsDevice> {
    return iterateItems(this.iterateChromeOsDevicePages(query, options));
  }

  /** One device by its Directory `deviceId`. */
  async getChromeOsDevice(deviceId: string, options: DeviceCallOptions = {}): Promise<ChromeOsDevice> {
    const url = this.#devicePath(deviceId);
    const query = deviceQuery(options);
    return this.#call(
      { operation: 'chromeosdevices.get', method: 'GET', url, query, schema: chromeOsDeviceSchema },
      options,
    );
  }

  /**
   * Several devices by `deviceId` in HTTP batches of up to `batchSize` (default 100; Google allows
   * 1,000): one request instead of one per device. Answers in the order asked, each the device or
   * the error that call alone met (`GoogleNotFoundError` for a device deleted meanwhile, a rate
   * limit for a call Google throttled); the caller decides what to retry.
   */
  async batchGetChromeOsDevices(
    deviceIds: readonly string[],
    options: DeviceCallOptions & { batchSize?: number | undefined } = {},
  ): Promise<BatchOutcome<ChromeOsDevice>[]> {
    const size = Math.min(MAX_BATCH_CALLS, Math.max(1, options.batchSize ?? DEFAULT_BATCH_SIZE));
    const query = deviceQuery(options);
    const calls = deviceIds.map((deviceId) => ({ url: this.#devicePath(deviceId), query }));
    const batches: Promise<BatchOutcome<ChromeOsDevice>[]>[] = [];
    for (let from = 0; from < calls.length; from += size) {
      batches.push(
        this.#transport.batch({
          operation: 'directory.chromeosdevices.get',
          endpoint: this.#batchEndpoint,
          calls: calls.slice(from, from + size),
          schema: chromeOsDeviceSchema,
          signal: options.signal,
          timeoutMs: options.timeoutMs,
        }),
      );
    }
    return (await Promise.all(batches)).flat();
  }

  /** Changes only the given writable fields (annotations, notes, OU). Idempotent, so retried. */
  async patchChromeOsDevice(
    deviceId: string,
    changes: ChromeOsDeviceUpdate,
    options: DeviceCallOptions = {},
  ): Promise<ChromeOsDevice> {
    return this.#writeDevice('PATCH', deviceId, changes, options);
  }

  /** Replaces the writable fields (PUT semantics: omitted writable fields may be cleared). */
  async updateChromeOsDevice(
    deviceId: string,
    device: ChromeOsDeviceUpdate,
    options: DeviceCallOptions = {},
  ): Promise<ChromeOsDevice> {
    return this.#writeDevice('PUT', deviceId, device, options);
  }

  /**
   * Moves devices to an OU in calls of ≤ 50. Google does not report unknown device IDs here, so
   * "succeeded" means Google accepted the call. Repeating a move is harmless, so calls are retried.
   */
  async moveDevicesToOu(
    deviceIds: readonly string[],
    orgUnitPath: string,
    options: BulkCallOptions = {},
  ): Promise<DeviceBatchResult> {
    return moveDevicesToOu(this.#calls, deviceIds, orgUnitPath, options);
  }

  /**
   * Deprovisions, disables or re-enables devices in calls of ≤ 50, merging Google's per-device
   * results. Retried: repeating a status change leaves the same state (a repeat may report the
   * device as already changed, which is still a correct end state).
   */
  async batchChangeStatus(
    change: {
      deviceIds: readonly string[];
      action: ChangeStatusAction;
      deprovisionReason?: RequestDeprovisionReason;
    },
    options: BulkCallOptions = {},
  ): Promise<DeviceBatchResult> {
    return batchChangeStatus(this.#calls, change, options);
  }

  /**
   * Issues a remote command. Not idempotent (two REBOOTs are two reboots), so it is retried only
   * when Google provably did not act: a rate limit, or a request that never left.
   */
  async issueCommand(
    deviceId: string,
    command: DeviceCommandRequest,
    options: CallOptions = {},
  ): Promise<IssueCommandResponse> {
    return issueCommand(this.#calls, deviceId, command, options);
  }

  /** A command's state and result, for trackers that poll until a terminal state. */
  async getCommand(deviceId: string, commandId: string, options: CallOptions = {}): Promise<DeviceCommand> {
    return getCommand(this.#calls, deviceId, commandId, options);
  }

  /** OUs under `orgUnitPath` (root when omitted). Not paged: Google returns the whole set at once. */
  async listOrgUnits(
    query: { orgUnitPath?: string; type?: OrgUnitListType } = {},
    options: CallOptions = {},
  ): Promise<OrgUnit[]> {
    const url = `${this.#customerPath}/orgunits`;
    const params = { orgUnitPath: query.orgUnitPath, type: query.type };
    const response = await this.#call(
      { operation: 'orgunits.list', method: 'GET', url, query: params, schema: orgUnitsResponseSchema },
      options,
    );
    return response.organizationUnits ?? [];
  }

  /** One OU by full path (leading `/` optional) or `id:` id. */
  async getOrgUnit(orgUnitPathOrId: string, options: CallOptions = {}): Promise<OrgUnit> {
    const url = `${this.#customerPath}/orgunits/${orgUnitPathSegment(orgUnitPathOrId)}`;
    return this.#call({ operation: 'orgunits.get', method: 'GET', url, schema: orgUnitSchema }, options);
  }

  /** One user by primary email: name, OU and suspension only (`admin.directory.user.readonly`). */
  async getUser(userKey: string, options: CallOptions = {}): Promise<DirectoryUser> {
    const url = `${this.#root}/users/${encodeURIComponent(userKeySchema.parse(userKey))}`;
    const query = { projection: 'basic', fields: USER_FIELDS };
    return this.#call(
      { operation: 'users.get', method: 'GET', url, query, schema: directoryUserSchema },
      options,
    );
  }

  /** The customer record; with the default `my_customer` it reveals the real customer ID. */
  async getCustomer(customerKey = 'my_customer', options: CallOptions = {}): Promise<Customer> {
    const url = `${this.#root}/customers/${encodeURIComponent(customerKey)}`;
    return this.#call({ operation: 'customers.get', method: 'GET', url, schema: customerSchema }, options);
  }

  async #writeDevice(
    method: 'PATCH' | 'PUT',
    deviceId: string,
    body: ChromeOsDeviceUpdate,
    options: DeviceCallOptions,
  ) {
    const operation = method === 'PATCH' ? 'chromeosdevices.patch' : 'chromeosdevices.update';
    const url = this.#devicePath(deviceId);
    const query = deviceQuery(options);
    const call = { operation, method, url, query, body: chromeOsDeviceUpdateSchema.parse(body) };
    return this.#call({ ...call, schema: chromeOsDeviceSchema }, options);
  }

  #devicePath(deviceId: string): string {
    return `${this.#customerPath}/devices/chromeos/${encodeURIComponent(deviceIdSchema.parse(deviceId))}`;
  }

  #call<T>(shape: CallShape<T>, options: CallOptions): Promise<T> {
    return this.#transport.request({
      ...shape,
      operation: `directory.${shape.operation}`,
      safety: shape.safety ?? 'idempotent',
      signal: options.signal,
      timeoutMs: options.timeoutMs,
    });
  }
}
