/**
 * Why: one place names every cached query of the fleet page, so live updates, bulk actions and
 * saved views invalidate the right ones. Everything sits under `['fleet']`, the device lists
 * (with their exact counts and pasted lists) under `['fleet', 'devices']`.
 */
export const fleetKeys = {
  all: ['fleet'] as const,
  devicesAll: ['fleet', 'devices'] as const,
  devices: (q: string, sort: string, dir: string) => ['fleet', 'devices', q, sort, dir] as const,
  exactCount: (q: string) => ['fleet', 'devices', 'exact-count', q] as const,
  pasted: (pastedId: string, columns: string) => ['fleet', 'devices', 'pasted', pastedId, columns] as const,
  facetsAll: ['fleet', 'facets'] as const,
  facets: (q: string) => ['fleet', 'facets', q] as const,
  bulkAction: (id: string | undefined) => ['fleet', 'bulk-action', id] as const,
  savedViews: ['fleet', 'saved-views'] as const,
};
