import type { DeviceTable } from './device-table.ts';
import type { OrgUnitTree } from './org-units.ts';
import type { SchoolLevel } from './people.ts';

/** The Directory `Customer` the fleet belongs to. */
export interface Customer {
  /** `C` + 8 alphanumerics, as Google's customer ids look. */
  id: string;
  domain: string;
  name: string;
  createdAt: number;
  language: string;
  phoneNumber: string;
  postalAddress: {
    contactName: string;
    organizationName: string;
    addressLine1: string;
    locality: string;
    region: string;
    postalCode: string;
    countryCode: string;
  };
}

export interface School {
  readonly index: number;
  readonly name: string;
  readonly level: SchoolLevel;
  readonly ouSlot: number;
  /** Person numbers of the school's students: [studentStart, studentStart + studentCount). */
  studentStart: number;
  studentCount: number;
  staffStart: number;
  staffCount: number;
  /** Last octet of the school's WAN address in 203.0.113.0/24. */
  readonly wanHost: number;
  /** Which documentation /24 the school's LAN uses: 0 → 192.0.2.0/24, 1 → 198.51.100.0/24. */
  readonly lanNet: number;
  /** Whether the district turned on extended auto-updates for this school's eligible devices. */
  readonly extendedUpdates: boolean;
}

/** A generated customer and everything it owns; deterministic from (seed, size, anchor). */
export interface Fleet {
  readonly seed: number;
  readonly size: number;
  /** The clock reading the fleet was generated against; generated dates are relative to it. */
  readonly anchor: number;
  readonly customer: Customer;
  readonly orgUnits: OrgUnitTree;
  readonly devices: DeviceTable;
  readonly schools: readonly School[];
  /** Prefix of generated asset tags, e.g. `CVUSD`. */
  readonly assetPrefix: string;
  /** Person numbers of district-office staff. */
  readonly districtStaff: { start: number; count: number };
}
