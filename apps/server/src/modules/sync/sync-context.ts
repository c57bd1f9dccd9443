import type { Kysely } from 'kysely';
import type { RetryEvent } from '@fleetdeck/google/http/retry-loop';
import type { GoogleClient } from '@fleetdeck/google/google-client';
import type { SyncKind } from '@fleetdeck/shared/sync-contract';
import type { DB } from '../../db/schema.ts';
import type { SyncProgressTracker } from './sync-progress.ts';

/** What every phase of one running sync shares. */
export interface SyncContext {
  readonly db: Kysely<DB>;
  readonly google: GoogleClient;
  readonly orgId: string;
  readonly customerId: string;
  readonly runId: string;
  readonly kind: SyncKind;
  readonly tracker: SyncProgressTracker;
  readonly signal: AbortSignal;
  /** Where device pages go: `fleet_device`, or a first copy's load table (device-partition.ts). */
  readonly deviceTable: string;
  /** Parallel shards per phase. */
  readonly concurrency: number;
  /** Called after each committed page, once its checkpoint is durable. */
  readonly onPageCommitted: (page: CommittedPage) => Promise<void>;
}

export interface CommittedPage {
  readonly runId: string;
  readonly phase: 'devices' | 'telemetry';
  readonly shard: string;
  readonly items: number;
  /** Whether the shard has more pages after this one. */
  readonly more: boolean;
}

/** Builds one organization's Google client; the sync passes its retry hook to surface waits. */
export type GoogleClientFactory = (org: {
  orgId: string;
  customerId: string;
  onRetry: (event: RetryEvent) => void;
}) => GoogleClient;
