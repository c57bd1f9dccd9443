import type { Kysely } from 'kysely';
import type {
  ComparePoliciesResponse,
  DeviceLookupResponse,
  EffectivePoliciesResponse,
  MovePreviewResponse,
  PolicyOrgUnit,
} from '@fleetdeck/shared/policy-contract';
import type { DB } from '../../db/schema.ts';
import { appErrors } from '../../errors/app-error.ts';
import { recordSourcedAudit, type AuditSource } from '../audit/audit-source.ts';
import { createAppNameLookup, type AppNameLookupOptions } from './app-names.ts';
import { findDevices, type DeviceLookup } from './policy-fleet.ts';
import { createPolicySource, type PolicySourceOptions } from './policy-source.ts';
import { createUserLookup, type UserLookupOptions } from './policy-users.ts';
import { createPolicyService, type PolicyCaller } from './policy.service.ts';

/**
 * The policy debugger API's service: the OU tree, device lookup, effective policies of an OU, two
 * OUs compared and a move preview, within the caller's units. A Refresh spends the organization's
 * Google quota on purpose, so it is audited, with its outcome.
 */

export interface PolicyDeps {
  readonly db: Kysely<DB>;
  readonly source?: Partial<Omit<PolicySourceOptions, 'db'>>;
  readonly users?: UserLookupOptions;
  readonly appNames?: AppNameLookupOptions;
}

/** Who asked for a Refresh and through which route, for its audit entry. */
export interface RefreshAudit {
  readonly source: AuditSource;
  readonly route: string | undefined;
}

type Scope = Pick<PolicyCaller, 'orgId' | 'allowedPaths'>;

/** Why: one debugger per app: its caches (policies per OU, app names) live as long as the app. */
export function createPolicyDebugger(
  deps: PolicyDeps,
  onAppNamesError: (orgId: string, error: unknown) => void,
) {
  const { db } = deps;
  const service = createPolicyService(
    db,
    createPolicySource({ ...deps.source, db }),
    createUserLookup(deps.users),
    createAppNameLookup({ onError: onAppNamesError, ...deps.appNames }),
  );
  const audited = <T>(audit: RefreshAudit, refresh: boolean, target: string, run: () => Promise<T>) =>
    refresh ? refreshAudited(db, audit, target, run) : run();
  return {
    async orgUnits(scope: Scope): Promise<{ orgUnits: PolicyOrgUnit[]; scoped: boolean }> {
      const orgUnits = await service.orgUnits({ orgId: scope.orgId, allowedPaths: scope.allowedPaths });
      return { orgUnits, scoped: !scope.allowedPaths.includes('/') };
    },
    devices: (scope: Scope, lookup: DeviceLookup): Promise<DeviceLookupResponse> =>
      findDevices(db, scope.orgId, scope.allowedPaths, lookup),
    effective: (
      audit: RefreshAudit,
      caller: PolicyCaller,
      query: { orgUnitId: string; refresh: boolean; user?: string | undefined },
    ): Promise<EffectivePoliciesResponse> =>
      audited(audit, query.refresh, query.orgUnitId, () =>
        service.effective(caller, query.orgUnitId, query.refresh, query.user),
      ),
    compare(
      audit: RefreshAudit,
      caller: PolicyCaller,
      query: { a: string; b: string; refresh: boolean },
    ): Promise<ComparePoliciesResponse> {
      const { a, b, refresh } = query;
      if (a === b) throw appErrors.invalidRequest('Pick two different organizational units to compare.');
      return audited(audit, refresh, `${a} ${b}`, () => service.compare(caller, a, b, refresh));
    },
    movePreview: (
      audit: RefreshAudit,
      caller: PolicyCaller,
      query: { deviceId: string; targetOrgUnitId: string; refresh: boolean; user?: string | undefined },
    ): Promise<MovePreviewResponse> =>
      audited(audit, query.refresh, query.targetOrgUnitId, () =>
        service.movePreview(caller, query.deviceId, query.targetOrgUnitId, query.refresh, query.user),
      ),
  };
}

export type PolicyDebugger = ReturnType<typeof createPolicyDebugger>;

async function refreshAudited<T>(
  db: Kysely<DB>,
  audit: RefreshAudit,
  target: string,
  run: () => Promise<T>,
): Promise<T> {
  const record = (outcome: 'success' | 'failure', details: Record<string, unknown>) =>
    recordSourcedAudit(db, audit.source, {
      action: 'policy.refresh',
      outcome,
      targetType: 'org_unit',
      targetId: target.slice(0, 200),
      details: { route: audit.route, ...details },
    });
  try {
    const result = await run();
    await record('success', {});
    return result;
  } catch (error) {
    await record('failure', { error: error instanceof Error ? error.name : 'unknown' });
    throw error;
  }
}
