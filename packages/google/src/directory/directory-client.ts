import { z } from 'zod';
import { trimBaseUrl } from '../google-hosts.ts';
import { orgUnitPathSegment } from '../google-ids.ts';
import { iterateItems, iteratePages, type Page } from '../http/pagination.ts';
import type { RetrySafety } from '../http/retry-policy.ts';
import { MAX_BATCH_CALLS } from '../http/multipart-batch.ts';
import type { BatchOutcome, CallOptions, GoogleTransport, QueryValue } from '../http/transport.ts';
import {
  deviceIdSchema,
  type ListChromeOsDevicesQuery,
  listChromeOsDevicesQuerySchema,
  partialResponseFieldsSchema,
  type Projection,
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
import { type DeviceBatchResult, runDeviceBatch } from './device-batches.ts';
import {
  type DeviceCommand,
  type DeviceCommandRequest,
  issueCommandBody,
  deviceCommandSchema,
  type IssueCommandResponse,
  issueCommandResponseSchema,
} from './device-command.schema.ts';
import {
  batchChangeStatusRequestSchema,
  batchChangeStatusResponseSchema,
  bulkDeviceIdsSchema,
  type ChangeStatusAction,
  changeStatusActionSchema,
  MAX_DEVICE_IDS_PER_CALL,
  type RequestDeprovisionReason,
} from './device-status-change.schema.ts';
import {
  type OrgUnit,
  type OrgUnitListType,
  orgUnitSchema,
  orgUnitsResponseSchema,
} from './org-unit.schema.ts';
import { type DirectoryUser, directoryUserSchema, USER_FIELDS, userKeySchema } from './user.schema.ts';

/** Typed calls to the Admin SDK Directory API for ChromeOS devices, OUs and the customer (§1). */

export interface DirectoryClientOptions {
  /** API root, `https://admin.googleapis.com` by default (see google-hosts.ts). */
  baseUrl: string;
  /** A raw customer ID or `my_customer`. */
  customerId: string;
}

export interface BulkCallOptions extends CallOptions {
  /** IDs per call, 1–50 (Google's maximum, and the default). */
  chunkSize?: number | undefined;
}

export type DeviceCallOptions = CallOptions & {
  projection?: Projection | undefined;
  /** Partial response selector (`deviceId,etag,orgUnitPath`): Google builds and sends only these fields. */
  fields?: string | undefined;
};

interface CallShape<T> {
  operation: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH';
  url: string;
  schema: z.ZodType<T>;
  query?: Record<string, QueryValue>;
  body?: unknown;
  safety?: RetrySafety;
}

const emptyResponseSchema = z.unknown();
/** Calls per HTTP batch: large enough to save the round trips, small enough to retry cheaply. */
const DEFAULT_BATCH_SIZE = 100;

export class DirectoryClient {
  readonly #transport: GoogleTransport;
  readonly #root: string;
  readonly #customerPath: string;
  readonly #batchEndpoint: string;

  constructor(transport: GoogleTransport, options: DirectoryClientOptions) {
    this.#transport = transport;
    this.#batchEndpoint = `${trimBaseUrl(options.baseUrl)}/batch`;
    this.#root = `${trimBaseUrl(options.baseUrl)}/admin/directory/v1`;
    this.#customerPath = `${this.#root}/customer/${encodeURIComponent(options.customerId)}`;
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
    const query = { orgUnitPath: z.string().min(1).max(2000).parse(orgUnitPath) };
    const url = `${this.#customerPath}/devices/chromeos/moveDevicesToOu`;
    const send = async (ids: string[]) => {
      const call = {
        operation: 'chromeosdevices.moveDevicesToOu',
        method: 'POST',
        url,
        query,
        body: { deviceIds: ids },
      } as const;
      await this.#call({ ...call, schema: emptyResponseSchema }, options);
      return undefined;
    };
    return runDeviceBatch(
      bulkDeviceIdsSchema.parse(deviceIds),
      send,
      options.chunkSize ?? MAX_DEVICE_IDS_PER_CALL,
    );
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
    const action = changeStatusActionSchema.parse({
      changeChromeOsDeviceStatusAction: change.action,
      deprovisionReason: change.deprovisionReason,
    });
    const url = `${this.#customerPath}/devices/chromeos:batchChangeStatus`;
    const send = async (ids: string[]) => {
      const body = batchChangeStatusRequestSchema.parse({ deviceIds: ids, ...action });
      const call = { operation: 'chromeosdevices.batchChangeStatus', method: 'POST', url, body } as const;
      const response = await this.#call({ ...call, schema: batchChangeStatusResponseSchema }, options);
      const results = response.changeChromeOsDeviceStatusResults ?? [];
      return new Map(results.map((result) => [result.deviceId ?? '', result.error ?? null]));
    };
    return runDeviceBatch(
      bulkDeviceIdsSchema.parse(change.deviceIds),
      send,
      options.chunkSize ?? MAX_DEVICE_IDS_PER_CALL,
    );
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
    const body = issueCommandBody(command);
    const url = `${this.#devicePath(deviceId)}:issueCommand`;
    const call = {
      operation: 'chromeosdevices.issueCommand',
      method: 'POST',
      url,
      body,
      safety: 'once',
    } as const;
    return this.#call({ ...call, schema: issueCommandResponseSchema }, options);
  }

  /** A command's state and result, for trackers that poll until a terminal state. */
  async getCommand(deviceId: string, commandId: string, options: CallOptions = {}): Promise<DeviceCommand> {
    const id = z
      .string()
      .regex(/^\d{1,20}$/)
      .parse(commandId);
    const url = `${this.#devicePath(deviceId)}/commands/${id}`;
    return this.#call(
      { operation: 'chromeosdevices.commands.get', method: 'GET', url, schema: deviceCommandSchema },
      options,
    );
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

function deviceQuery(options: DeviceCallOptions): Record<string, QueryValue> {
  return {
    projection: options.projection,
    fields: partialResponseFieldsSchema.optional().parse(options.fields),
  };
}
