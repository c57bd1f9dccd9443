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
  type PolicyUser,
  USER_POLICY_NAMESPACES,
} from '@fleetdeck/shared/policy-contract';
import type { DB } from '../../db/schema.ts';
import { AppError, appErrors } from '../../errors/app-error.ts';
import { policyErrors } from '../../errors/policy-errors.ts';
import { isWithinOu } from '../organizations/ou-scope.ts';
import type { AppNameLookup, AppNames, AppsApi } from './app-names.ts';
import { diffPolicies } from './policy-diff.ts';
import { findDevices, listOrgUnits } from './policy-fleet.ts';
import { presentNamespace, publicGroups, type ResolvedPolicyRow } from './policy-presenter.ts';
import type { NamespaceLoad, PolicyApi, PolicySource } from './policy-source.ts';
import { ownUserOf, userSettingsNote, type UserApi, type UserLookup } from './policy-users.ts';

/**
 * The policy debugger's use cases: the effective policies of an OU, two OUs compared, and what
 * changes when a device moves. Every OU id is checked against the caller's visible tree first.
 */

export interface PolicyCaller {
  readonly orgId: string;
  readonly userId: string;
  /** The OU subtrees the caller may see (`allowedOuPaths`). */
  readonly allowedPaths: readonly string[];
  /** The organization's Chrome Policy client, built only when Google must be asked. */
  readonly api: () => PolicyApi;
  /** The organization's Directory client for user lookups, built only when Google must be asked. */
  readonly userApi: () => UserApi;
  /** The organization's Chrome Management client for app names, built only when Google must be asked. */
  readonly appsApi: () => AppsApi;
}

const DEVICE_NAMESPACES = POLICY_NAMESPACES.filter(
  (namespace) => !USER_POLICY_NAMESPACES.includes(namespace),
);

interface OuContext {
  readonly units: PolicyOrgUnit[];
  readonly paths: Map<string, string>;
}

async function ouContext(db: Kysely<DB>, caller: PolicyCaller): Promise<OuContext> {
  // Paths of every OU (sources may sit above a viewer's scope); the scope limits what may be picked.
  const all = await listOrgUnits(db, caller.orgId, ['/']);
  const units = all.filter((unit) => caller.allowedPaths.some((root) => isWithinOu(unit.path, root)));
  return { units, paths: new Map(all.map((unit) => [bareOrgUnitId(unit.id), unit.path])) };
}

function pick(context: OuContext, orgUnitId: string): PolicyOrgUnit {
  const bare = bareOrgUnitId(orgUnitId);
  const unit = context.units.find((candidate) => bareOrgUnitId(candidate.id) === bare);
  if (!unit)
    throw appErrors.notFound(
      'This organizational unit is not in your organization, or not one you may see. Pick one from the tree (run a sync if it is new).',
    );
  return unit;
}

function unitAt(context: OuContext, path: string, email: string): PolicyOrgUnit {
  const unit = context.units.find((candidate) => candidate.path.toLowerCase() === path.toLowerCase());
  if (unit) return unit;
  // Only reached for a path inside the caller's units (userOf hides the others), so naming it is safe.
  throw policyErrors.userUnitNotSynced(email, path);
}

/**
 * Why: a member limited to some units learns nothing of accounts outside them, not even whether
 * one exists: an unknown address and an account elsewhere get this same answer.
 */
function hiddenUser(email: string): AppError {
  return policyErrors.userNotFound(
    `No user ${email} among the organizational units you may see. Check the address (it must be the primary email), or ask an owner for access to the unit of that account.`,
  );
}

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

/** Why: routes stay thin; this holds the order "check scope → load (cache or Google) → present". */
export function createPolicyService(
  db: Kysely<DB>,
  source: PolicySource,
  users: UserLookup,
  apps: AppNameLookup,
) {
  /** Started beside the policy reads; it never rejects, so a failed or slow report costs only names. */
  const appNamesOf = (caller: PolicyCaller): Promise<AppNames> =>
    apps.names({ orgId: caller.orgId, api: caller.appsApi });

  const load = (
    caller: PolicyCaller,
    unit: PolicyOrgUnit,
    refresh: boolean,
    namespaces?: readonly PolicyNamespace[],
  ) =>
    source.load({
      orgId: caller.orgId,
      orgUnitId: bareOrgUnitId(unit.id),
      refresh,
      api: caller.api,
      ...(namespaces ? { namespaces } : {}),
    });

  /** The user's Directory record and the OU of their account, in the caller's visible tree. */
  const userOf = async (
    caller: PolicyCaller,
    context: OuContext,
    email: string,
    refresh: boolean,
  ): Promise<PolicyUser> => {
    const limited = !caller.allowedPaths.includes('/');
    const found = await users
      .find({ orgId: caller.orgId, email, refresh, api: caller.userApi })
      .catch((error: unknown) => {
        throw limited && error instanceof AppError && error.id === 'policy_user_not_found'
          ? hiddenUser(email)
          : error;
      });
    if (!caller.allowedPaths.some((root) => isWithinOu(found.orgUnitPath, root))) throw hiddenUser(email);
    return {
      email: found.primaryEmail,
      name: found.name?.fullName?.trim() || null,
      suspended: found.suspended,
      orgUnit: unitAt(context, found.orgUnitPath, found.primaryEmail),
    };
  };

  const compareUnits = async (
    caller: PolicyCaller,
    context: OuContext,
    a: PolicyOrgUnit,
    b: PolicyOrgUnit,
    refresh: boolean,
    namespaces?: readonly PolicyNamespace[],
  ) => {
    const names = appNamesOf(caller);
    const [left, right] = await Promise.all([
      load(caller, a, refresh, namespaces),
      load(caller, b, refresh, namespaces),
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
  };

  return {
    async orgUnits(caller: Pick<PolicyCaller, 'orgId' | 'allowedPaths'>) {
      return listOrgUnits(db, caller.orgId, caller.allowedPaths);
    },

    async effective(
      caller: PolicyCaller,
      orgUnitId: string,
      refresh: boolean,
      email?: string,
    ): Promise<EffectivePoliciesResponse> {
      const context = await ouContext(db, caller);
      const unit = pick(context, orgUnitId);
      const user = email === undefined ? null : await userOf(caller, context, email, refresh);
      const names = appNamesOf(caller);
      // With a user, user namespaces come from the account's OU and device namespaces from `unit`.
      const parts: { unit: PolicyOrgUnit; loads: NamespaceLoad[] }[] = user
        ? await Promise.all([
            load(caller, unit, refresh, DEVICE_NAMESPACES).then((loads) => ({ unit, loads })),
            load(caller, user.orgUnit, refresh, USER_POLICY_NAMESPACES).then((loads) => ({
              unit: user.orgUnit,
              loads,
            })),
          ])
        : [{ unit, loads: await load(caller, unit, refresh) }];
      const order = (item: NamespaceLoad) => POLICY_NAMESPACES.indexOf(item.namespace);
      const loads = parts.flatMap((part) => part.loads).sort((a, b) => order(a) - order(b));
      const appNames = await names;
      const rows: ResolvedPolicyRow[] = parts.flatMap((part) =>
        rowsOf(part.loads, part.unit, context.paths, appNames),
      );
      return {
        orgUnit: unit,
        user,
        namespaces: loads.map((item) => ({
          namespace: item.namespace,
          label: POLICY_NAMESPACE_LABELS[item.namespace],
          fetchedAt: item.fetchedAt.toISOString(),
          fromCache: item.fromCache,
          policies: rows.filter((row) => row.namespace === item.namespace).length,
          included: !item.skipped,
          note: item.skipped
            ? `Google did not resolve ${item.namespace}.* for this unit, so ${POLICY_NAMESPACE_LABELS[item.namespace].toLowerCase()} are not shown.`
            : null,
        })),
        fetchedAt: oldest(loads),
        groups: publicGroups(rows),
      };
    },

    async compare(
      caller: PolicyCaller,
      aId: string,
      bId: string,
      refresh: boolean,
    ): Promise<ComparePoliciesResponse> {
      const context = await ouContext(db, caller);
      const a = pick(context, aId);
      const b = pick(context, bId);
      const { rows, fetchedAt } = await compareUnits(caller, context, a, b, refresh);
      return {
        a,
        b,
        fetchedAt,
        namespaces: [...POLICY_NAMESPACES],
        rows,
        differences: rows.filter((row) => row.differs).length,
      };
    },

    async movePreview(
      caller: PolicyCaller,
      deviceId: string,
      targetId: string,
      refresh: boolean,
      email?: string,
    ): Promise<MovePreviewResponse> {
      const { matches } = await findDevices(db, caller.orgId, caller.allowedPaths, { deviceId });
      const device = matches[0];
      if (!device)
        throw appErrors.notFound('This device is not in your organization, or not one you may see.');
      const context = await ouContext(db, caller);
      if (!device.orgUnitId)
        throw appErrors.conflict(
          'This device has no organizational unit in Fleetdeck yet. Run a sync first.',
        );
      const from = pick(context, device.orgUnitId);
      const to = pick(context, targetId);
      // User settings follow the account's OU wherever the device is: only device settings move
      // with it. Whose they are is the user given, else the device's own user when Google knows them.
      const own = ownUserOf(device);
      const user =
        email !== undefined
          ? await userOf(caller, context, email, refresh)
          : own === null
            ? null
            : await userOf(caller, context, own, refresh).catch(() => null);
      const namespaces = DEVICE_NAMESPACES;
      const { rows, fetchedAt } = await compareUnits(caller, context, from, to, refresh, namespaces);
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
    },
  };
}

export type PolicyService = ReturnType<typeof createPolicyService>;
