import type { Kysely } from 'kysely';
import { bareOrgUnitId } from '@fleetdeck/google/google-ids';
import {
  POLICY_NAMESPACE_LABELS,
  POLICY_NAMESPACES,
  type ComparePoliciesResponse,
  type EffectivePoliciesResponse,
  type MovePreviewResponse,
  type PolicyNamespace,
  type PolicyOrgUnit,
  USER_POLICY_NAMESPACES,
} from '@fleetdeck/shared/policy-contract';
import type { DB } from '../../db/schema.ts';
import { appErrors } from '../../errors/app-error.ts';
import type { AppNameLookup, AppNames } from './app-names.ts';
import { diffPolicies } from './policy-diff.ts';
import { findDevices, listOrgUnits } from './policy-fleet.ts';
import { presentNamespace, publicGroups, type ResolvedPolicyRow } from './policy-presenter.ts';
import { ouContext, pick, userOf, type OuContext, type PolicyCaller } from './policy-scope.ts';
import type { NamespaceLoad, PolicySource } from './policy-source.ts';
import { ownUserOf, userSettingsNote, type UserLookup } from './policy-users.ts';

export type { PolicyCaller } from './policy-scope.ts';

/**
 * The policy debugger's use cases: the effective policies of an OU, two OUs compared, and what
 * changes when a device moves. Every OU id is checked against the caller's visible tree first.
 */

const DEVICE_NAMESPACES = POLICY_NAMESPACES.filter(
  (namespace) => !USER_POLICY_NAMESPACES.includes(namespace),
);

function rowsOf(
  loads: readonly NamespaceLoad[],
  unit: PolicyOrgUnit,
  paths: Map<string, string>,
  appNames: AppNames,
) {
  return loads.flatMap((load) => presentNamespace(load, unit.id, paths, appNames));
}

function oldest(loads: readonly NamespaceLoad[]): string {
  const times = loads.map((load) => load.fetchedAt.getTime());
  return new Date(times.length === 0 ? Date.now() : Math.min(...times)).toISOString();
}

/** What the use cases below read from: the database, Google's policies, users and app names. */
interface PolicyDeps {
  readonly db: Kysely<DB>;
  readonly source: PolicySource;
  readonly users: UserLookup;
  readonly apps: AppNameLookup;
}

/** Started beside the policy reads; it never rejects, so a failed or slow report costs only names. */
function appNamesOf(deps: PolicyDeps, caller: PolicyCaller): Promise<AppNames> {
  return deps.apps.names({ orgId: caller.orgId, api: caller.appsApi });
}

function loadUnit(
  deps: PolicyDeps,
  caller: PolicyCaller,
  unit: PolicyOrgUnit,
  refresh: boolean,
  namespaces?: readonly PolicyNamespace[],
) {
  return deps.source.load({
    orgId: caller.orgId,
    orgUnitId: bareOrgUnitId(unit.id),
    refresh,
    api: caller.api,
    ...(namespaces ? { namespaces } : {}),
  });
}

async function compareUnits(
  deps: PolicyDeps,
  caller: PolicyCaller,
  context: OuContext,
  units: { readonly a: PolicyOrgUnit; readonly b: PolicyOrgUnit },
  refresh: boolean,
  namespaces?: readonly PolicyNamespace[],
) {
  const { a, b } = units;
  const names = appNamesOf(deps, caller);
  const [left, right] = await Promise.all([
    loadUnit(deps, caller, a, refresh, namespaces),
    loadUnit(deps, caller, b, refresh, namespaces),
  ]);
  const appNames = await names;
  const rows = diffPolicies(
    rowsOf(left, a, context.paths, appNames),
    rowsOf(right, b, context.paths, appNames),
  );
  rows.sort(
    (x, y) =>
      Number(y.differs) - Number(x.differs) ||
      x.category.localeCompare(y.category) ||
      x.title.localeCompare(y.title),
  );
  return { rows, fetchedAt: oldest([...left, ...right]) };
}

/** One namespace's line of the effective view: where it came from, and why it is left out if it is. */
function namespaceSummary(item: NamespaceLoad, rows: readonly ResolvedPolicyRow[]) {
  return {
    namespace: item.namespace,
    label: POLICY_NAMESPACE_LABELS[item.namespace],
    fetchedAt: item.fetchedAt.toISOString(),
    fromCache: item.fromCache,
    policies: rows.filter((row) => row.namespace === item.namespace).length,
    included: !item.skipped,
    note: item.skipped
      ? `Google did not resolve ${item.namespace}.* for this unit, so ${POLICY_NAMESPACE_LABELS[item.namespace].toLowerCase()} are not shown.`
      : null,
  };
}

async function effectivePolicies(
  deps: PolicyDeps,
  caller: PolicyCaller,
  orgUnitId: string,
  refresh: boolean,
  email?: string,
): Promise<EffectivePoliciesResponse> {
  const context = await ouContext(deps.db, caller);
  const unit = pick(context, orgUnitId);
  const user = email === undefined ? null : await userOf(deps.users, caller, context, email, refresh);
  const names = appNamesOf(deps, caller);
  // With a user, user namespaces come from the account's OU and device namespaces from `unit`.
  const parts: { unit: PolicyOrgUnit; loads: NamespaceLoad[] }[] = user
    ? await Promise.all([
        loadUnit(deps, caller, unit, refresh, DEVICE_NAMESPACES).then((loads) => ({ unit, loads })),
        loadUnit(deps, caller, user.orgUnit, refresh, USER_POLICY_NAMESPACES).then((loads) => ({
          unit: user.orgUnit,
          loads,
        })),
      ])
    : [{ unit, loads: await loadUnit(deps, caller, unit, refresh) }];
  const order = (item: NamespaceLoad) => POLICY_NAMESPACES.indexOf(item.namespace);
  const loads = parts.flatMap((part) => part.loads).sort((a, b) => order(a) - order(b));
  const appNames = await names;
  const rows: ResolvedPolicyRow[] = parts.flatMap((part) =>
    rowsOf(part.loads, part.unit, context.paths, appNames),
  );
  return {
    orgUnit: unit,
    user,
    namespaces: loads.map((item) => namespaceSummary(item, rows)),
    fetchedAt: oldest(loads),
    groups: publicGroups(rows),
  };
}

async function comparePolicies(
  deps: PolicyDeps,
  caller: PolicyCaller,
  aId: string,
  bId: string,
  refresh: boolean,
): Promise<ComparePoliciesResponse> {
  const context = await ouContext(deps.db, caller);
  const a = pick(context, aId);
  const b = pick(context, bId);
  const { rows, fetchedAt } = await compareUnits(deps, caller, context, { a, b }, refresh);
  return {
    a,
    b,
    fetchedAt,
    namespaces: [...POLICY_NAMESPACES],
    rows,
    differences: rows.filter((row) => row.differs).length,
  };
}

async function movePreview(
  deps: PolicyDeps,
  caller: PolicyCaller,
  deviceId: string,
  targetId: string,
  refresh: boolean,
  email?: string,
): Promise<MovePreviewResponse> {
  const { matches } = await findDevices(deps.db, caller.orgId, caller.allowedPaths, { deviceId });
  const device = matches[0];
  if (!device) throw appErrors.notFound('This device is not in your organization, or not one you may see.');
  const context = await ouContext(deps.db, caller);
  if (!device.orgUnitId)
    throw appErrors.conflict('This device has no organizational unit in Fleetdeck yet. Run a sync first.');
  const from = pick(context, device.orgUnitId);
  const to = pick(context, targetId);
  // User settings follow the account's OU wherever the device is: only device settings move
  // with it. Whose they are is the user given, else the device's own user when Google knows them.
  const own = ownUserOf(device);
  const user =
    email !== undefined
      ? await userOf(deps.users, caller, context, email, refresh)
      : own === null
        ? null
        : await userOf(deps.users, caller, context, own, refresh).catch(() => null);
  const namespaces = DEVICE_NAMESPACES;
  const { rows, fetchedAt } = await compareUnits(
    deps,
    caller,
    context,
    { a: from, b: to },
    refresh,
    namespaces,
  );
  return {
    device,
    user,
    userSettings: userSettingsNote(user),
    from,
    to,
    fetchedAt,
    namespaces,
    changes: rows.filter((row) => row.differs),
  };
}

/** Why: routes stay thin; this holds the order "check scope → load (cache or Google) → present". */
export function createPolicyService(
  db: Kysely<DB>,
  source: PolicySource,
  users: UserLookup,
  apps: AppNameLookup,
) {
  const deps: PolicyDeps = { db, source, users, apps };
  return {
    async orgUnits(caller: Pick<PolicyCaller, 'orgId' | 'allowedPaths'>) {
      return listOrgUnits(db, caller.orgId, caller.allowedPaths);
    },
    effective: (caller: PolicyCaller, orgUnitId: string, refresh: boolean, email?: string) =>
      effectivePolicies(deps, caller, orgUnitId, refresh, email),
    compare: (caller: PolicyCaller, aId: string, bId: string, refresh: boolean) =>
      comparePolicies(deps, caller, aId, bId, refresh),
    movePreview: (
      caller: PolicyCaller,
      deviceId: string,
      targetId: string,
      refresh: boolean,
      email?: string,
    ) => movePreview(deps, caller, deviceId, targetId, refresh, email),
  };
}

export type PolicyService = ReturnType<typeof createPolicyService>;
