import type { Kysely } from 'kysely';
import type { PlanProgress } from '@fleetdeck/shared/plan-contract';
import type { GoogleClient } from '@fleetdeck/google/google-client';
import type { DB } from '../../db/schema.ts';
import type { DeviceTenant } from './device-tenant.ts';

/** What the device services share: the database, the caller's Google client, and the realtime signal. */
export interface DeviceDeps {
  readonly db: Kysely<DB>;
  /** The organization's Google client (the connected admin's grant). */
  readonly googleFor: (tenant: Pick<DeviceTenant, 'orgId' | 'customerId'>) => GoogleClient;
  /** Tells the organization's open pages that devices changed (realtime `fleet.changed`, reason `action`). */
  readonly publishChanged: (orgId: string, change?: { runId?: string; deviceIds?: string[] }) => void;
  /** Tells the plan page how a plan run as a bulk run goes (realtime `plan.progress`); none where nobody listens. */
  readonly publishPlanProgress?: ((orgId: string, progress: PlanProgress) => void) | undefined;
}

/** Where a request came from, for the audit log. */
export interface RequestMeta {
  readonly ip?: string | undefined;
  readonly userAgent?: string | undefined;
  readonly requestId?: string | undefined;
}
