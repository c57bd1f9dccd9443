/**
 * Where the device page's "← Devices" leads: the fleet view the admin came from in this tab. The
 * fleet page writes it (features/fleet/last-fleet-view.ts); features do not import each other, so
 * the key is written out in both places.
 */
const LAST_FLEET_VIEW_KEY = 'fleetdeck:fleet-last-view';
/** Far above any real fleet view (a query is at most 2,000 characters); anything longer is ignored. */
const MAX_CHARS = 8_000;

/**
 * Why: returning to the query, columns, sort and density the admin left keeps their place. The
 * stored text is only ever used as the query string of `/devices` (which route rules send to the
 * fleet page with its query), re-encoded, so nothing stored can lead anywhere else.
 */
export function fleetBackPath(storage: () => Pick<Storage, 'getItem'>): string {
  let stored: string | null;
  try {
    stored = storage().getItem(LAST_FLEET_VIEW_KEY);
  } catch {
    return '/devices';
  }
  if (!stored || stored.length > MAX_CHARS) return '/devices';
  const search = new URLSearchParams(stored).toString();
  return search === '' ? '/devices' : `/devices?${search}`;
}
