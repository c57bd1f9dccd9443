/**
 * The four admin-writable text fields of a device. Generated values are stored as small numbers
 * and turned into text here; text written through the API is kept as an override and wins.
 */
import { FLAG } from './device-table.ts';
import type { Fleet } from './fleet.ts';
import { personEmail } from './people.ts';

export const LOCATION_KIND = {
  room: 1,
  cart: 2,
  library: 3,
  mainOffice: 4,
  frontOffice: 5,
  techDepot: 6,
} as const;

export function encodeLocation(kind: number, number: number): number {
  return kind * 10_000 + number;
}

export type AnnotatedField = 'annotatedUser' | 'annotatedLocation' | 'annotatedAssetId' | 'notes';

/** Google's limits on the writable fields (reference §1.3). */
export const ANNOTATION_LIMITS: Readonly<Record<AnnotatedField, number>> = {
  annotatedUser: 100,
  annotatedLocation: 200,
  annotatedAssetId: 200,
  notes: 500,
};

/** The text of one annotated field, or undefined when the device has none. */
export function annotation(fleet: Fleet, i: number, field: AnnotatedField): string | undefined {
  const override = fleet.devices.overrides.get(i);
  if (override && override[field] !== undefined) return override[field] || undefined;
  switch (field) {
    case 'annotatedUser':
      return generatedUser(fleet, i);
    case 'annotatedLocation':
      return generatedLocation(fleet, i);
    case 'annotatedAssetId': {
      const n = fleet.devices.assetNumber[i] ?? -1;
      return n < 0 ? undefined : `${fleet.assetPrefix}-${String(n).padStart(6, '0')}`;
    }
    case 'notes':
      return fleet.devices.notes.get(i);
  }
}

/** Stores API-written text; an empty string clears the field. */
export function setAnnotation(fleet: Fleet, i: number, field: AnnotatedField, value: string): void {
  const overrides = fleet.devices.overrides;
  const current = overrides.get(i) ?? {};
  current[field] = value;
  overrides.set(i, current);
}

function generatedUser(fleet: Fleet, i: number): string | undefined {
  const d = fleet.devices;
  const person = d.primaryUser[i] ?? -1;
  return person >= 0 && d.has(i, FLAG.annotatedPrimary)
    ? personEmail(person, fleet.customer.domain)
    : undefined;
}

function generatedLocation(fleet: Fleet, i: number): string | undefined {
  const code = fleet.devices.locationCode[i] ?? -1;
  if (code < 0) return undefined;
  const kind = Math.floor(code / 10_000);
  const number = code % 10_000;
  const place = fleet.schools[fleet.devices.school[i] ?? -1]?.name ?? 'District Office';
  switch (kind) {
    case LOCATION_KIND.room:
      return `${place} - Room ${number}`;
    case LOCATION_KIND.cart:
      return `${place} - Cart ${number}`;
    case LOCATION_KIND.library:
      return `${place} - Library`;
    case LOCATION_KIND.mainOffice:
      return `${place} - Main Office`;
    case LOCATION_KIND.frontOffice:
      return `${place} - Front Office`;
    case LOCATION_KIND.techDepot:
      return `Technology Depot - Shelf ${number}`;
    default:
      return undefined;
  }
}
