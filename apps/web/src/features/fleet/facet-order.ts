import type { FacetId } from '@fleetdeck/shared/fleet-contract';

/**
 * The contract's facets in the order the page shows them. A copy, because importing the
 * contract's FACET_IDS at runtime would bring zod into the fleet page's first load;
 * facet-order.test.ts keeps both equal.
 */
export const FACET_ORDER = [
  'status',
  'model',
  'orgUnit',
  'compliance',
  'aueYear',
  'batteryHealth',
] as const satisfies readonly FacetId[];
