/**
 * The OU path rule of `orgUnitPathSchema` (`@fleetdeck/shared/organization-contract`) without zod,
 * so forms keep the classic zod API out of their chunks; ou-path.test.ts proves both agree.
 */
const OU_PATH = /^\/(?:[^/]+(?:\/[^/]+)*)?$/;
const MAX_OU_PATH = 1024;

/** Why: forms refuse a bad OU path before the server does, with the server's rule. */
export function isOrgUnitPath(path: string): boolean {
  return path.length >= 1 && path.length <= MAX_OU_PATH && OU_PATH.test(path);
}
