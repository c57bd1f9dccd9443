import type { Kysely } from 'kysely';
import { bareOrgUnitId } from '@fleetdeck/google/google-ids';
import {
  POLICY_NAMESPACE_LABELS,
  POLICY_NAMESPACES,
  type ComparePoliciesResponse,
  type EffectivePoliciesResponse,
  type MovePreviewResponse,
  type PolicyOrgUnit,
} from '@fleetdeck/shared/policy-contract';
import type { DB } from '../../db/schema.ts';
import { appErrors } from '../../errors/app-error.ts';
import { isWithinOu } from '../organizations/ou-scope.ts';
import { diffPolicies } from './policy-diff.ts';
import { findDevices, listOrgUnits } from './policy-fleet.ts';
import { presentNamespace, publicGroups, type ResolvedPolicyRow } from './policy-presenter.ts';
import type { NamespaceLoad, PolicyApi, PolicySource } from './policy-source.ts';

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
}

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

function rowsOf(loads: readonly NamespaceLoad[], unit: PolicyOrgUnit, paths: Map<string, string>) {
  return loads.flatMap((load) => presentNamespace(load, unit.id, paths));
}

function oldest(loads: readonly NamespaceLoad[]): string {
  const times = loads.map((load) => load.fetchedAt.getTime());
  return new Date(times.length === 0 ? Date.now() : Math.min(...times)).toISOString();
}

/** Why: routes stay thin; this holds the order "check scope → load (cache or Google) → present". */
export function createPolicyService(db: Kysely<DB>, source: PolicySource) {
  const load = (caller: PolicyCaller, unit: PolicyOrgUnit, refresh: boolean) =>
    source.load({ orgId: caller.orgId, orgUnitId: bareOrgUnitId(unit.id), refresh, api: caller.api });

  const compareUnits = async (
    caller: PolicyCaller,
    context: OuContext,
    a: PolicyOrgUnit,
    b: PolicyOrgUnit,
    refresh: boolean,
  ) => {
    const [left, right] = await Promise.all([load(caller, a, refresh), load(caller, b, refresh)]);
    const rows = diffPolicies(rowsOf(left, a, context.paths), rowsOf(right, b, context.paths));
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
    ): Promise<EffectivePoliciesResponse> {
      const context = await ouContext(db, caller);
      const unit = pick(context, orgUnitId);
      const loads = await load(caller, unit, refresh);
      const rows: ResolvedPolicyRow[] = rowsOf(loads, unit, context.paths);
      return {
        orgUnit: unit,
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
      const { rows, fetchedAt } = await compareUnits(caller, context, from, to, refresh);
      return {
        device,
        from,
        to,
        fetchedAt,
        namespaces: [...POLICY_NAMESPACES],
        changes: rows.filter((row) => row.differs),
      };
    },
  };
}

export type PolicyService = ReturnType<typeof createPolicyService>;
