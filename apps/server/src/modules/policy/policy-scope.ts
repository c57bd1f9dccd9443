import type { Kysely } from 'kysely';
import { bareOrgUnitId } from '@fleetdeck/google/google-ids';
import type { PolicyOrgUnit, PolicyUser } from '@fleetdeck/shared/policy-contract';
import type { DB } from '../../db/schema.ts';
import { AppError, appErrors } from '../../errors/app-error.ts';
import { policyErrors } from '../../errors/policy-errors.ts';
import { isWithinOu } from '../organizations/ou-scope.ts';
import type { AppsApi } from './app-names.ts';
import { listOrgUnits } from './policy-fleet.ts';
import type { PolicyApi } from './policy-source.ts';
import type { UserApi, UserLookup } from './policy-users.ts';

/**
 * What a policy debugger caller may see: the OUs of their scope, and the users whose account sits
 * in one of them. An OU picked outside the scope, or a user found outside it, goes no further.
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

export interface OuContext {
  readonly units: PolicyOrgUnit[];
  readonly paths: Map<string, string>;
}

export async function ouContext(db: Kysely<DB>, caller: PolicyCaller): Promise<OuContext> {
  // Paths of every OU (sources may sit above a viewer's scope); the scope limits what may be picked.
  const all = await listOrgUnits(db, caller.orgId, ['/']);
  const units = all.filter((unit) => caller.allowedPaths.some((root) => isWithinOu(unit.path, root)));
  return { units, paths: new Map(all.map((unit) => [bareOrgUnitId(unit.id), unit.path])) };
}

export function pick(context: OuContext, orgUnitId: string): PolicyOrgUnit {
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

export /** The user's Directory record and the OU of their account, in the caller's visible tree. */
async function userOf(
  users: UserLookup,
  caller: PolicyCaller,
  context: OuContext,
  email: string,
  refresh: boolean,
): Promise<PolicyUser> {
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
}
