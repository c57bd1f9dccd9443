import type { Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import type { DB } from './schema.ts';
import * as m0001 from './migrations/0001-foundation.ts';
import * as m0002 from './migrations/0002-identity-organizations.ts';
import * as m0003 from './migrations/0003-fleet-store.ts';
import * as m0004 from './migrations/0004-sync-engine.ts';
import * as m0005 from './migrations/0005-fleet-views.ts';
import * as m0006 from './migrations/0006-device-actions.ts';
import * as m0007 from './migrations/0007-dashboard.ts';
import * as m0008 from './migrations/0008-policy-cache.ts';
import * as m0009 from './migrations/0009-fleet-search.ts';
import * as m0010 from './migrations/0010-sync-seen-devices.ts';
import * as m0011 from './migrations/0011-fleet-device-partitions.ts';
import * as m0012 from './migrations/0012-sync-seen-pages.ts';
import * as m0013 from './migrations/0013-sync-checkpoint-frontier.ts';
import * as m0014 from './migrations/0014-onboarding-scope-chosen.ts';
import * as m0015 from './migrations/0015-bulk-result-retryable.ts';
import * as m0016 from './migrations/0016-fleet-sort-keys.ts';
import * as m0017 from './migrations/0017-access.ts';
import * as m0018 from './migrations/0018-audit-chain.ts';
import * as m0019 from './migrations/0019-forget-google-id-tokens.ts';
import * as m0022 from './migrations/0022-api-tokens.ts';
import * as m0023 from './migrations/0023-ou-rollups.ts';
import * as m0024 from './migrations/0024-change-plans.ts';
import * as m0025 from './migrations/0025-plan-runs.ts';
import * as m0026 from './migrations/0026-bulk-action-plan-runs.ts';

/** Migrations are imported statically so the same list runs from source, tests and bundles. */
const MIGRATIONS: Record<string, Migration> = {
  '0001-foundation': m0001,
  '0002-identity-organizations': m0002,
  '0003-fleet-store': m0003,
  '0004-sync-engine': m0004,
  '0005-fleet-views': m0005,
  '0006-device-actions': m0006,
  '0007-dashboard': m0007,
  '0008-policy-cache': m0008,
  '0009-fleet-search': m0009,
  '0010-sync-seen-devices': m0010,
  '0011-fleet-device-partitions': m0011,
  '0012-sync-seen-pages': m0012,
  '0013-sync-checkpoint-frontier': m0013,
  '0014-onboarding-scope-chosen': m0014,
  '0015-bulk-result-retryable': m0015,
  '0016-fleet-sort-keys': m0016,
  '0017-access': m0017,
  '0018-audit-chain': m0018,
  '0019-forget-google-id-tokens': m0019,
  '0022-api-tokens': m0022,
  '0023-ou-rollups': m0023,
  '0024-change-plans': m0024,
  '0025-plan-runs': m0025,
  '0026-bulk-action-plan-runs': m0026,
};

const provider: MigrationProvider = { getMigrations: () => Promise.resolve(MIGRATIONS) };

export interface MigrationOutcome {
  readonly applied: readonly string[];
}

/** Why: runs at every start; Kysely's migration lock makes concurrent starts on PostgreSQL safe. */
export async function migrateToLatest(db: Kysely<DB>): Promise<MigrationOutcome> {
  const migrator = new Migrator({
    db,
    provider,
    migrationTableName: 'fleetdeck_migration',
    migrationLockTableName: 'fleetdeck_migration_lock',
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const name = failed?.migrationName ?? 'unknown';
    const reason = error instanceof Error ? error.message : 'see the database log';
    throw new Error(`Database migration ${name} failed: ${reason}`, { cause: error });
  }
  return { applied: (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName) };
}
