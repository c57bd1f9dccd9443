/**
 * The district's OU tree: root → one OU per school → grades, carts, staff and (some) kiosks, plus
 * district-level District Office, Lost and Stolen and Staging OUs. Each leaf becomes a "bucket"
 * that the fleet generator draws devices into, with a weight and a usage profile.
 */
import { OrgUnitTree, type OrgUnitRecord } from './org-units.ts';
import { PROFILE } from './device-table.ts';
import type { School } from './fleet.ts';
import { schoolName, type SchoolLevel } from './people.ts';
import type { Prng } from './random.ts';

export const NO_SCHOOL = 0xffff;

export type BucketKind = 'grade' | 'cart' | 'staff' | 'kiosk' | 'office' | 'lost' | 'staging';

export interface DeviceBucket {
  readonly ouSlot: number;
  readonly kind: BucketKind;
  readonly profile: number;
  readonly school: number;
  readonly weight: number;
}

const GRADES: Record<SchoolLevel, readonly string[]> = {
  Elementary: ['Kindergarten', 'Grade 1', 'Grade 2', 'Grade 3', 'Grade 4', 'Grade 5'],
  Middle: ['Grade 6', 'Grade 7', 'Grade 8'],
  High: ['Grade 9', 'Grade 10', 'Grade 11', 'Grade 12'],
};
/** Younger grades share cart devices rather than carrying their own. */
const SHARED_GRADES = new Set(['Kindergarten', 'Grade 1', 'Grade 2']);
const LEVEL_WEIGHT: Record<SchoolLevel, number> = { Elementary: 1, Middle: 1.3, High: 1.8 };

export function schoolCountFor(size: number): number {
  return Math.min(400, Math.max(2, Math.round(size / 450)));
}

export interface GeneratedOrgTree {
  tree: OrgUnitTree;
  schools: School[];
  buckets: DeviceBucket[];
}

/** What the generator's steps share: the random source, the tree being built and its buckets. */
interface TreeBuilder {
  readonly prng: Prng;
  readonly root: OrgUnitRecord;
  readonly buckets: DeviceBucket[];
  add(name: string, parent: OrgUnitRecord, description: string): OrgUnitRecord;
}

/** Builds the tree and the buckets; person ranges on the schools are filled in later. */
export function generateOrgTree(prng: Prng, size: number, districtName: string): GeneratedOrgTree {
  const tree = new OrgUnitTree();
  const newId = () => `03${prng.chars('0123456789abcdefghijklmnopqrstuvwxyz', 12)}`;
  const root = tree.add({ orgUnitId: newId(), name: districtName, description: districtName });
  const builder: TreeBuilder = {
    prng,
    root,
    buckets: [],
    add: (name, parent, description) => tree.add({ orgUnitId: newId(), name, parent, description }),
  };
  const schools: School[] = [];
  const count = schoolCountFor(size);
  for (let index = 0; index < count; index++) schools.push(addSchool(builder, index));
  addDistrictBuckets(builder);
  return { tree, schools, buckets: builder.buckets };
}

/** One school's OU (the first three are one of each level) with its grade, cart, staff and kiosk OUs. */
function addSchool(builder: TreeBuilder, index: number): School {
  const { prng } = builder;
  const level: SchoolLevel =
    index < 3
      ? ((['Elementary', 'Middle', 'High'] as const)[index] ?? 'Elementary')
      : prng.weighted<SchoolLevel>(['Elementary', 'Middle', 'High'], [6, 2, 2]);
  const name = schoolName(index, level);
  const schoolOu = builder.add(name, builder.root, `${name} students, staff and shared devices`);
  const school: School = {
    index,
    name,
    level,
    ouSlot: schoolOu.slot,
    studentStart: 0,
    studentCount: 0,
    staffStart: 0,
    staffCount: 0,
    wanHost: 1 + (index % 254),
    lanNet: index % 2,
    extendedUpdates: prng.chance(0.75),
  };
  addSchoolBuckets(builder, school, schoolOu);
  return school;
}

/** A school's leaves: its weight (by level) is shared among grades, carts, staff and kiosks. */
function addSchoolBuckets(builder: TreeBuilder, school: School, schoolOu: OrgUnitRecord): void {
  const { prng, buckets } = builder;
  const { index, name, level } = school;
  const weight = (0.6 + prng.next() * 0.8) * LEVEL_WEIGHT[level];
  const grades = GRADES[level];
  for (const grade of grades) {
    const ou = builder.add(grade, schoolOu, `${grade} at ${name}`);
    const profile = level === 'Elementary' && SHARED_GRADES.has(grade) ? PROFILE.shared : PROFILE.oneToOne;
    buckets.push({
      ouSlot: ou.slot,
      kind: 'grade',
      profile,
      school: index,
      weight: (0.72 * weight) / grades.length,
    });
  }
  const carts = builder.add('Carts', schoolOu, `Shared cart Chromebooks at ${name}`);
  buckets.push({
    ouSlot: carts.slot,
    kind: 'cart',
    profile: PROFILE.shared,
    school: index,
    weight: 0.14 * weight,
  });
  const staff = builder.add('Staff', schoolOu, `Teacher and staff devices at ${name}`);
  buckets.push({
    ouSlot: staff.slot,
    kind: 'staff',
    profile: PROFILE.staff,
    school: index,
    weight: 0.11 * weight,
  });
  if (level !== 'Elementary' || prng.chance(0.3)) {
    const kiosks = builder.add('Kiosks', schoolOu, `Testing and sign-in kiosks at ${name}`);
    buckets.push({
      ouSlot: kiosks.slot,
      kind: 'kiosk',
      profile: PROFILE.kiosk,
      school: index,
      weight: 0.02 * weight,
    });
  }
}

/** The district-level OUs, weighted against the schools' total. */
function addDistrictBuckets(builder: TreeBuilder): void {
  const { root, buckets } = builder;
  const schoolWeight = buckets.reduce((sum, b) => sum + b.weight, 0);
  const office = builder.add('District Office', root, 'Central office staff');
  buckets.push({
    ouSlot: office.slot,
    kind: 'office',
    profile: PROFILE.staff,
    school: NO_SCHOOL,
    weight: 0.025 * schoolWeight,
  });
  const lost = builder.add('Lost and Stolen', root, 'Devices reported lost or stolen; disabled');
  buckets.push({
    ouSlot: lost.slot,
    kind: 'lost',
    profile: PROFILE.oneToOne,
    school: NO_SCHOOL,
    weight: 0.012 * schoolWeight,
  });
  const staging = builder.add('Staging', root, 'New and spare devices waiting for assignment');
  buckets.push({
    ouSlot: staging.slot,
    kind: 'staging',
    profile: PROFILE.spare,
    school: NO_SCHOOL,
    weight: 0.015 * schoolWeight,
  });
}
