import type { Density } from '../fleet-url-state.ts';

/** How each row density is named, on the button and in its menu. */
export const DENSITY_LABELS: Record<Density, string> = {
  compact: 'Compact',
  standard: 'Standard',
  comfortable: 'Comfortable',
};
