import { writeViewState, type FleetViewState } from './fleet-url-state.ts';

/**
 * The fleet view the admin last looked at in this tab, so the device page's "← Devices" leads back
 * to it. The device page reads this key (features/device/components/fleet-back-path.ts); features
 * do not import each other, so the key is written out in both places.
 */
export const LAST_FLEET_VIEW_KEY = 'fleetdeck:fleet-last-view';

/**
 * Why: kept as the fleet's own URL state, normalised (known parameters only, bounded), never as
 * the address as typed, so whatever was typed by hand comes back only as a valid fleet view.
 */
export function rememberFleetView(view: FleetViewState, storage: () => Pick<Storage, 'setItem'>): void {
  try {
    storage().setItem(LAST_FLEET_VIEW_KEY, writeViewState({}, view).toString());
  } catch {
    // Storage may be blocked; "← Devices" then opens the default fleet view.
  }
}
