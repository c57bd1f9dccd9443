import type { EffectivePolicy } from '@fleetdeck/shared/policy-contract';

/**
 * The debugger's whole view lives in the URL, so a link from the device page (or a colleague)
 * opens the same view: `?orgUnitId=`, `?deviceId=`, `?deviceId=&moveTo=`, `?compare=&with=`, plus
 * `q` (search), `filter` (`here` | `inherited`), `show=all` (compare: every policy) and `user`
 * (an email: user settings come from the OU of that user's account).
 */

export type PolicyFilter = 'all' | 'here' | 'inherited';
export type PolicyMode = 'pick' | 'orgUnit' | 'device' | 'move' | 'compare';

export interface PolicyViewState {
  readonly orgUnitId?: string | undefined;
  readonly deviceId?: string | undefined;
  /** A user's email: their account's OU supplies the user settings. */
  readonly user?: string | undefined;
  readonly moveTo?: string | undefined;
  readonly compare?: string | undefined;
  readonly with?: string | undefined;
  readonly q: string;
  readonly filter: PolicyFilter;
  readonly showAll: boolean;
}

/** Changes part of the view in the URL; `replace` while typing, so Back skips each keystroke. */
export type PolicyViewUpdate = (patch: Partial<PolicyViewState>, options?: { replace?: boolean }) => void;

const ORG_UNIT_ID = /^(id:)?[A-Za-z0-9_-]{1,100}$/;
const DEVICE_ID = /^[A-Za-z0-9_-]{1,100}$/;
export const MAX_SEARCH_LENGTH = 200;
/** RFC 5321 bounds an address at 254 characters; the server checks the same. */
export const MAX_EMAIL_LENGTH = 254;
const EMAIL = /^[^\s/@]+@[^\s/@]+\.[^\s/@]+$/;

/** Why: the user box refuses what cannot be an email before asking the server. */
export function validUserEmail(value: string): string | undefined {
  const email = value.trim().toLowerCase();
  return email.length <= MAX_EMAIL_LENGTH && EMAIL.test(email) ? email : undefined;
}

function valid(value: string | null, pattern: RegExp): string | undefined {
  return value !== null && pattern.test(value) ? value : undefined;
}

/** Why: unknown or malformed parameters are ignored rather than sent to the server. */
export function readViewState(params: URLSearchParams): PolicyViewState {
  const filter = params.get('filter');
  return {
    orgUnitId: valid(params.get('orgUnitId'), ORG_UNIT_ID),
    deviceId: valid(params.get('deviceId'), DEVICE_ID),
    user: validUserEmail(params.get('user') ?? ''),
    moveTo: valid(params.get('moveTo'), ORG_UNIT_ID),
    compare: valid(params.get('compare'), ORG_UNIT_ID),
    with: valid(params.get('with'), ORG_UNIT_ID),
    q: (params.get('q') ?? '').slice(0, MAX_SEARCH_LENGTH),
    filter: filter === 'here' || filter === 'inherited' ? filter : 'all',
    showAll: params.get('show') === 'all',
  };
}

/** The parameters of a state, in a stable order, defaults left out. */
export function writeViewState(state: PolicyViewState): URLSearchParams {
  const params = new URLSearchParams();
  const put = (key: string, value: string | undefined) => {
    if (value !== undefined && value !== '') params.set(key, value);
  };
  put('orgUnitId', state.orgUnitId);
  put('deviceId', state.deviceId);
  put('user', state.user);
  put('moveTo', state.moveTo);
  put('compare', state.compare);
  put('with', state.with);
  put('q', state.q);
  put('filter', state.filter === 'all' ? undefined : state.filter);
  put('show', state.showAll ? 'all' : undefined);
  return params;
}

/** Which view the parameters ask for; compare wins, then a move preview, a device, an OU. */
export function modeOf(state: PolicyViewState): PolicyMode {
  if (state.compare !== undefined) return 'compare';
  if (state.deviceId !== undefined && state.moveTo !== undefined) return 'move';
  if (state.deviceId !== undefined) return 'device';
  if (state.orgUnitId !== undefined) return 'orgUnit';
  return 'pick';
}

/** Why: search by policy name or description (or an app's name or id, or a value's words); filter by where it is set. */
export function matchesPolicy(policy: EffectivePolicy, q: string, filter: PolicyFilter): boolean {
  if (filter === 'here' && policy.status !== 'set_here') return false;
  if (filter === 'inherited' && policy.status !== 'inherited') return false;
  const needle = q.trim().toLowerCase();
  if (needle === '') return true;
  const haystack = [
    policy.title,
    policy.schemaName,
    policy.description,
    policy.target ?? '',
    policy.targetName ?? '',
    ...policy.fields.flatMap((field) => [field.label, field.display]),
  ]
    .join('\n')
    .toLowerCase();
  return haystack.includes(needle);
}
