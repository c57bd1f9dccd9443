/** A device to look up: by the text typed in the lookup box, or by its id from a link. */
export type DeviceLookupKey = { q: string } | { deviceId: string };

/** Why: one place names every cached query of the policy pages. */
export const policyKeys = {
  all: ['policy'] as const,
  orgUnits: ['policy', 'org-units'] as const,
  deviceLookup: (key: DeviceLookupKey) => ['policy', 'device-lookup', key] as const,
  effective: (orgUnitId: string, user: string | undefined) =>
    ['policy', 'effective', orgUnitId, user ?? null] as const,
  movePreview: (deviceId: string, targetOrgUnitId: string, user: string | undefined) =>
    ['policy', 'move-preview', deviceId, targetOrgUnitId, user ?? null] as const,
  compare: (a: string, b: string) => ['policy', 'compare', a, b] as const,
};
