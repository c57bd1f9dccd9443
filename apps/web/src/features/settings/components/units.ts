import { isOrgUnitPath } from '@fleetdeck/shared/ou-path';

/** Why: units are typed as a comma-separated list; each must be an OU path such as /Schools/North. */
export function parseUnits(input: string): { ok: true; units: string[] } | { ok: false; message: string } {
  const units = [
    ...new Set(
      input
        .split(',')
        .map((path) => path.trim())
        .filter(Boolean),
    ),
  ];
  const bad = units.find((path) => !isOrgUnitPath(path));
  if (bad)
    return { ok: false, message: `"${bad}" is not an organizational unit path such as /Schools/North.` };
  return { ok: true, units };
}
