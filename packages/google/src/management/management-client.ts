import { z } from 'zod';
import { customerResource } from '../google-ids.ts';
import { trimBaseUrl } from '../google-hosts.ts';
import { iterateItems, iteratePages, type Page } from '../http/pagination.ts';
import type { CallOptions, GoogleTransport } from '../http/transport.ts';
import {
  type ActiveDevicesResponse,
  activeDevicesResponseSchema,
  type AueCountsResponse,
  aueCountsResponseSchema,
  type BootTypeCountsResponse,
  bootTypeCountsResponseSchema,
  type BrowserVersion,
  type ChromeVersionsPage,
  chromeVersionsPageSchema,
  type HardwareFleetField,
  type HardwareFleetResponse,
  hardwareFleetResponseSchema,
  type NeedsAttentionField,
  type NeedsAttentionResponse,
  needsAttentionResponseSchema,
  type ReleaseChannelCountsResponse,
  releaseChannelCountsResponseSchema,
} from './fleet-reports.schema.ts';
import {
  type InstalledApp,
  type InstalledAppsPage,
  installedAppsPageSchema,
  type InstalledAppsQuery,
} from './installed-apps.schema.ts';
import {
  aueCountParams,
  chromeVersionsParams,
  hardwareFleetParams,
  installedAppsParams,
  needsAttentionParams,
  type QueryParams,
  telemetryListParams,
} from './management-params.ts';
import {
  type ChromeVersionsQuery,
  dateQuery,
  joinReadMask,
  type ListTelemetryDevicesQuery,
  type ReadMask,
  type ReportDate,
} from './management-query.schema.ts';
import {
  type TelemetryDevice,
  telemetryDeviceSchema,
  type TelemetryDevicesPage,
  telemetryDevicesPageSchema,
} from './telemetry.schema.ts';

/** Typed calls to the Chrome Management API: device telemetry and fleet reports (reference §2). */

export interface ChromeManagementClientOptions {
  /** API root, `https://chromemanagement.googleapis.com` by default. */
  baseUrl: string;
  /** `my_customer`, `C…`, or a raw ID (a `C` is added as GAM does). */
  customerId: string;
}

export class ChromeManagementClient {
  readonly #transport: GoogleTransport;
  readonly #customerUrl: string;
  readonly #customer: string;

  constructor(transport: GoogleTransport, options: ChromeManagementClientOptions) {
    this.#transport = transport;
    this.#customer = customerResource(options.customerId);
    this.#customerUrl = `${trimBaseUrl(options.baseUrl)}/v1/${this.#customer}`;
  }

  /** One page of telemetry devices (page size ≤ 1000). */
  async listTelemetryDevices(
    query: ListTelemetryDevicesQuery,
    options: CallOptions = {},
  ): Promise<TelemetryDevicesPage> {
    return this.#get(
      'chromemanagement.telemetry.devices.list',
      `${this.#customerUrl}/telemetry/devices`,
      telemetryDevicesPageSchema,
      telemetryListParams(query),
      options,
    );
  }

  /** Every telemetry page from `query.pageToken` (or the start). */
  iterateTelemetryDevicePages(
    query: ListTelemetryDevicesQuery,
    options: CallOptions = {},
  ): AsyncGenerator<Page<TelemetryDevice>> {
    return iteratePages(async (pageToken) => {
      const page = await this.listTelemetryDevices({ ...query, pageToken }, options);
      return { items: page.devices ?? [], nextPageToken: page.nextPageToken };
    }, query.pageToken);
  }

  /** Every telemetry device, one at a time. */
  iterateTelemetryDevices(
    query: ListTelemetryDevicesQuery,
    options: CallOptions = {},
  ): AsyncGenerator<TelemetryDevice> {
    return iterateItems(this.iterateTelemetryDevicePages(query, options));
  }

  /** One device's telemetry by its id or full `customers/…/telemetry/devices/…` name. */
  async getTelemetryDevice(
    device: string,
    query: { readMask: ReadMask },
    options: CallOptions = {},
  ): Promise<TelemetryDevice> {
    const id = z.string().min(1).max(300).parse(device.split('/').at(-1));
    return this.#get(
      'chromemanagement.telemetry.devices.get',
      `${this.#customerUrl}/telemetry/devices/${encodeURIComponent(id)}`,
      telemetryDeviceSchema,
      { readMask: joinReadMask(query.readMask) },
      options,
    );
  }

  /** Devices per model and AUE month (expired ones included); unpaged. Dates are `yyyy-mm-dd` UTC. */
  async countChromeDevicesReachingAutoExpirationDate(
    query: { orgUnitId?: string; minAueDate?: string; maxAueDate?: string } = {},
    options: CallOptions = {},
  ): Promise<AueCountsResponse> {
    return this.#get(
      'chromemanagement.reports.countChromeDevicesReachingAutoExpirationDate',
      this.#report('countChromeDevicesReachingAutoExpirationDate'),
      aueCountsResponseSchema,
      aueCountParams(query),
      options,
    );
  }

  /** Google's five needs-attention counts (all five unless `readMask` narrows them). */
  async countChromeDevicesThatNeedAttention(
    query: { orgUnitId?: string; readMask?: readonly NeedsAttentionField[] } = {},
    options: CallOptions = {},
  ): Promise<NeedsAttentionResponse> {
    return this.#get(
      'chromemanagement.reports.countChromeDevicesThatNeedAttention',
      this.#report('countChromeDevicesThatNeedAttention'),
      needsAttentionResponseSchema,
      needsAttentionParams(query),
      options,
    );
  }

  /** One page of Chrome version counts (page size ≤ 100). */
  async countChromeVersions(
    query: ChromeVersionsQuery = {},
    options: CallOptions = {},
  ): Promise<ChromeVersionsPage> {
    return this.#get(
      'chromemanagement.reports.countChromeVersions',
      this.#report('countChromeVersions'),
      chromeVersionsPageSchema,
      chromeVersionsParams(query),
      options,
    );
  }

  /** Every Chrome version page from `query.pageToken` (or the start). */
  iterateChromeVersionPages(
    query: ChromeVersionsQuery = {},
    options: CallOptions = {},
  ): AsyncGenerator<Page<BrowserVersion>> {
    return iteratePages(async (pageToken) => {
      const page = await this.countChromeVersions({ ...query, pageToken }, options);
      return { items: page.browserVersions ?? [], nextPageToken: page.nextPageToken };
    }, query.pageToken);
  }

  /** Every Chrome version row, one at a time. */
  iterateChromeVersions(
    query: ChromeVersionsQuery = {},
    options: CallOptions = {},
  ): AsyncGenerator<BrowserVersion> {
    return iterateItems(this.iterateChromeVersionPages(query, options));
  }

  /** One page of the apps and extensions installed across the fleet (page size ≤ 100). */
  async countInstalledApps(
    query: InstalledAppsQuery = {},
    options: CallOptions = {},
  ): Promise<InstalledAppsPage> {
    return this.#get(
      'chromemanagement.reports.countInstalledApps',
      this.#report('countInstalledApps'),
      installedAppsPageSchema,
      installedAppsParams(query),
      options,
    );
  }

  /** Every installed-apps page from `query.pageToken` (or the start). */
  iterateInstalledAppPages(
    query: InstalledAppsQuery = {},
    options: CallOptions = {},
  ): AsyncGenerator<Page<InstalledApp>> {
    return iteratePages(async (pageToken) => {
      const page = await this.countInstalledApps({ ...query, pageToken }, options);
      return { items: page.installedApps ?? [], nextPageToken: page.nextPageToken };
    }, query.pageToken);
  }

  /** Model, CPU, memory and storage buckets (all four unless `readMask` narrows them). */
  async countChromeHardwareFleetDevices(
    query: { orgUnitId?: string; readMask?: readonly HardwareFleetField[] } = {},
    options: CallOptions = {},
  ): Promise<HardwareFleetResponse> {
    return this.#get(
      'chromemanagement.reports.countChromeHardwareFleetDevices',
      this.#report('countChromeHardwareFleetDevices'),
      hardwareFleetResponseSchema,
      hardwareFleetParams(query),
      options,
    );
  }

  /** Devices active in the 7 and 30 days up to `date`. */
  async countActiveDevices(date: ReportDate, options: CallOptions = {}): Promise<ActiveDevicesResponse> {
    return this.#get(
      'chromemanagement.reports.countActiveDevices',
      this.#report('countActiveDevices'),
      activeDevicesResponseSchema,
      dateQuery(date),
      options,
    );
  }

  /** Verified / developer / unreported boot modes on `date`. */
  async countDevicesPerBootType(
    date: ReportDate,
    options: CallOptions = {},
  ): Promise<BootTypeCountsResponse> {
    return this.#get(
      'chromemanagement.reports.countDevicesPerBootType',
      this.#report('countDevicesPerBootType'),
      bootTypeCountsResponseSchema,
      dateQuery(date),
      options,
    );
  }

  /** Devices per release channel on `date`. */
  async countDevicesPerReleaseChannel(
    date: ReportDate,
    options: CallOptions = {},
  ): Promise<ReleaseChannelCountsResponse> {
    return this.#get(
      'chromemanagement.reports.countDevicesPerReleaseChannel',
      this.#report('countDevicesPerReleaseChannel'),
      releaseChannelCountsResponseSchema,
      dateQuery(date),
      options,
    );
  }

  #report(method: string): string {
    return `${this.#customerUrl}/reports:${method}`;
  }

  async #get<T>(
    operation: string,
    url: string,
    schema: z.ZodType<T>,
    query: QueryParams,
    options: CallOptions,
  ): Promise<T> {
    return this.#transport.request({
      operation,
      method: 'GET',
      url,
      query,
      schema,
      safety: 'idempotent',
      ...options,
    });
  }
}
