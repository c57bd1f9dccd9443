/**
 * The same customer and OU appear in different spellings per API (reference §0): Directory OU ids
 * carry `id:`, Chrome Management wants the bare id, Chrome Policy wants `orgunits/<bare id>`, and the
 * newer APIs want `customers/C…`. These helpers make every conversion explicit.
 */

/** `customers/my_customer` or `customers/C…`, adding the `C` GAM adds when an ID lacks it. */
export function customerResource(customerId: string): string {
  if (customerId.startsWith('customers/')) return customerId;
  if (customerId === 'my_customer' || customerId.startsWith('C')) return `customers/${customerId}`;
  return `customers/C${customerId}`;
}

/** Strips the Directory `id:` prefix (and a Chrome Policy `orgunits/` prefix) for Chrome Management. */
export function bareOrgUnitId(orgUnitId: string): string {
  if (orgUnitId.startsWith('id:')) return orgUnitId.slice(3);
  if (orgUnitId.startsWith('orgunits/')) return orgUnitId.slice('orgunits/'.length);
  return orgUnitId;
}

/** The Directory API spelling, `id:<bare>`. */
export function directoryOrgUnitId(orgUnitId: string): string {
  return `id:${bareOrgUnitId(orgUnitId)}`;
}

/** The Chrome Policy target for an OU, `orgunits/<bare>`. */
export function orgUnitTargetResource(orgUnitId: string): string {
  return `orgunits/${bareOrgUnitId(orgUnitId)}`;
}

/**
 * An OU path or `id:` id as the `{+orgUnitPath}` path segment of Directory OU calls: a reserved
 * expansion, so slashes and the `id:` colon stay, and the leading `/` goes.
 */
export function orgUnitPathSegment(orgUnitPathOrId: string): string {
  return orgUnitPathOrId
    .replace(/^\/+/, '')
    .split('/')
    .map((segment) => encodeURIComponent(segment).replaceAll('%3A', ':'))
    .join('/');
}
