/**
 * The OU path rule, without zod: `orgUnitPathSchema` (organization-contract.ts) is built from it and
 * the browser's forms check paths with `isOrgUnitPath` before the server does.
 */

/** `/`, or `/` followed by segments, without a trailing slash (as Google writes paths). */
export const OU_PATH_PATTERN = /^\/(?:[^/]+(?:\/[^/]+)*)?$/;
export const MAX_OU_PATH = 1024;

/** Why: a form refuses a bad OU path with the server's own rule. */
export function isOrgUnitPath(path: string): boolean {
  return path.length >= 1 && path.length <= MAX_OU_PATH && OU_PATH_PATTERN.test(path);
}
