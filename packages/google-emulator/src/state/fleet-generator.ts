/**
 * Generates a school district's Chromebook fleet from a seed: the same (seed, size, anchor) always
 * gives the same customer, OU tree and devices, byte for byte. Dates are placed relative to
 * `anchor` (the clock reading at generation), so a fleet generated today looks current.
 */
import { CHROMEBOOK_MODELS, type ChromebookModel } from './chromebook-models.ts';
import { DeviceTable, FLAG, PROFILE } from './device-table.ts';
import type { Customer, Fleet, School } from './fleet.ts';
import { encodeLocation, LOCATION_KIND } from './device-annotations.ts';
import { ALNUM, placeDates, placeHardware, placeStatus, uniqueSerial } from './device-generator.ts';
import { generateOrgTree, NO_SCHOOL, type DeviceBucket } from './org-tree-generator.ts';
import { district, NOTE_TEXTS } from './people.ts';
import { Prng } from './random.ts';
import { isoDate } from './time-format.ts';

export const FLEET_SIZE = { min: 100, max: 250_000, default: 5_000 } as const;

const DAY = 86_400_000;
const YEAR = 365.25 * DAY;
const MODEL_WEIGHTS = CHROMEBOOK_MODELS.map((m) => m.weight);
const MODEL_INDEXES = CHROMEBOOK_MODELS.map((_, i) => i);

export interface GenerateFleetOptions {
  seed: number;
  size: number;
  anchor: number;
  /** Keep this customer (id, domain, name) instead of the seed's own: used when reseeding. */
  customer?: Customer;
}

export function generateFleet({ seed, size, anchor, customer: keep }: GenerateFleetOptions): Fleet {
  if (!Number.isInteger(size) || size < FLEET_SIZE.min || size > FLEET_SIZE.max) {
    throw new RangeError(`fleet size must be an integer from ${FLEET_SIZE.min} to ${FLEET_SIZE.max}`);
  }
  const prng = new Prng(seed);
  const generated = district(seed);
  const drawn = generateCustomer(prng, generated.name, generated.domain, anchor);
  const customer = keep ?? drawn;
  const districtName = customer.name;
  const { tree, schools, buckets } = generateOrgTree(prng, size, districtName);
  const devices = new DeviceTable(size);
  const bucketOf = drawBuckets(prng, buckets, size);
  const districtStaff = assignPeople(schools, buckets, bucketOf);
  const nextPerson = new Int32Array(schools.length + 1);
  const serials = new Set<string>();
  let assetCounter = 1000 + prng.int(0, 800);

  for (let i = 0; i < size; i++) {
    const bucket = buckets[bucketOf[i] ?? 0] as DeviceBucket;
    const modelIndex = prng.weighted(MODEL_INDEXES, MODEL_WEIGHTS);
    const model = CHROMEBOOK_MODELS[modelIndex] as ChromebookModel;
    devices.deviceId[i] = prng.uuid();
    devices.serial[i] = uniqueSerial(prng, model, serials);
    devices.model[i] = modelIndex;
    devices.ouSlot[i] = bucket.ouSlot;
    devices.profile[i] = bucket.profile;
    devices.school[i] = bucket.school;
    placeDates(prng, devices, i, model, anchor);
    placeStatus(prng, devices, i, bucket, model, anchor);
    placeHardware(prng, devices, i, model, bucket);
    if (model.originalAueMs !== undefined && (schools[bucket.school]?.extendedUpdates ?? true)) {
      devices.setFlag(i, FLAG.extendedUpdatesEnabled, true);
    }
    placePeople(devices, i, bucket, schools, districtStaff, nextPerson, prng);
    if (prng.chance(0.85)) devices.assetNumber[i] = assetCounter += prng.int(1, 3);
    devices.locationCode[i] = generateLocation(prng, bucket);
    const note = generateNote(prng, bucket, devices.syncBase[i] ?? anchor);
    if (note) devices.notes.set(i, note);
  }
  addLookalikeSerials(prng, devices, serials);
  devices.buildIndexes();

  return {
    seed,
    size,
    anchor,
    customer,
    orgUnits: tree,
    devices,
    schools,
    assetPrefix: initials(districtName),
    districtStaff,
  };
}

function generateCustomer(prng: Prng, name: string, domain: string, anchor: number): Customer {
  const town = name.split(' ').slice(0, 2).join(' ');
  return {
    id: `C0${prng.chars('0123456789abcdefghijklmnopqrstuvwxyz', 7)}`,
    domain,
    name,
    createdAt: Math.floor(anchor - 9.3 * YEAR),
    language: 'en',
    phoneNumber: '+1 555-0100',
    postalAddress: {
      contactName: 'Technology Services',
      organizationName: name,
      addressLine1: '100 Education Way',
      locality: town,
      region: 'CA',
      postalCode: '95000',
      countryCode: 'US',
    },
  };
}

/** Each device's bucket, drawn by weight. */
function drawBuckets(prng: Prng, buckets: readonly DeviceBucket[], size: number): Uint16Array {
  const cumulative = new Float64Array(buckets.length);
  let total = 0;
  buckets.forEach((b, i) => (cumulative[i] = total += b.weight));
  const out = new Uint16Array(size);
  for (let i = 0; i < size; i++) {
    const roll = prng.next() * total;
    let lo = 0;
    let hi = buckets.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((cumulative[mid] ?? 0) <= roll) lo = mid + 1;
      else hi = mid;
    }
    out[i] = lo;
  }
  return out;
}

/** Gives every school a block of student and staff person numbers sized to its devices. */
function assignPeople(schools: School[], buckets: readonly DeviceBucket[], bucketOf: Uint16Array) {
  const oneToOne = new Int32Array(schools.length);
  const shared = new Int32Array(schools.length);
  const staff = new Int32Array(schools.length);
  let officeStaff = 0;
  for (const b of bucketOf) {
    const bucket = buckets[b] as DeviceBucket;
    if (bucket.school === NO_SCHOOL) {
      if (bucket.profile === PROFILE.staff) officeStaff++;
      continue;
    }
    const counts =
      bucket.profile === PROFILE.oneToOne
        ? oneToOne
        : bucket.profile === PROFILE.shared
          ? shared
          : bucket.profile === PROFILE.staff
            ? staff
            : undefined;
    if (counts) counts[bucket.school] = (counts[bucket.school] ?? 0) + 1;
  }
  let person = 0;
  for (const school of schools) {
    school.studentStart = person;
    school.studentCount = Math.max(
      25,
      (oneToOne[school.index] ?? 0) + Math.ceil((shared[school.index] ?? 0) * 2.5),
    );
    person += school.studentCount;
    school.staffStart = person;
    school.staffCount = Math.max(8, (staff[school.index] ?? 0) + 5);
    person += school.staffCount;
  }
  return { start: person, count: officeStaff + 10 };
}

function placePeople(
  d: DeviceTable,
  i: number,
  bucket: DeviceBucket,
  schools: readonly School[],
  districtStaff: { start: number; count: number },
  nextPerson: Int32Array,
  prng: Prng,
): void {
  const counterSlot = bucket.school === NO_SCHOOL ? schools.length : bucket.school;
  const school = schools[bucket.school];
  const next = () => (nextPerson[counterSlot] = (nextPerson[counterSlot] ?? 0) + 1);
  let person = -1;
  if (bucket.profile === PROFILE.oneToOne && school) {
    person = school.studentStart + (next() % school.studentCount);
  } else if (bucket.profile === PROFILE.oneToOne && bucket.kind === 'lost') {
    const from = schools[prng.int(0, schools.length - 1)] as School;
    person = from.studentStart + prng.int(0, from.studentCount - 1);
  } else if (bucket.profile === PROFILE.staff) {
    const range = school ? { start: school.staffStart, count: school.staffCount } : districtStaff;
    person = range.start + (next() % range.count);
  }
  d.primaryUser[i] = person;
  const annotate = bucket.profile === PROFILE.staff ? 0.9 : 0.75;
  if (person >= 0 && prng.chance(annotate)) d.setFlag(i, FLAG.annotatedPrimary, true);
}

function generateLocation(prng: Prng, bucket: DeviceBucket): number {
  switch (bucket.kind) {
    case 'grade':
      if (bucket.profile === PROFILE.shared) return encodeLocation(LOCATION_KIND.cart, prng.int(1, 12));
      return prng.chance(0.25) ? encodeLocation(LOCATION_KIND.room, prng.int(100, 330)) : -1;
    case 'cart':
      return prng.chance(0.9) ? encodeLocation(LOCATION_KIND.cart, prng.int(1, 12)) : -1;
    case 'staff':
    case 'office':
      return prng.chance(0.7)
        ? encodeLocation(LOCATION_KIND.room, prng.int(100, 330))
        : encodeLocation(LOCATION_KIND.mainOffice, 0);
    case 'kiosk':
      return encodeLocation(prng.chance(0.5) ? LOCATION_KIND.library : LOCATION_KIND.frontOffice, 0);
    case 'staging':
      return prng.chance(0.8) ? encodeLocation(LOCATION_KIND.techDepot, prng.int(1, 40)) : -1;
    case 'lost':
      return -1;
  }
}

function generateNote(prng: Prng, bucket: DeviceBucket, lastSeen: number): string | undefined {
  if (bucket.kind === 'lost' && prng.chance(0.7)) {
    const day = isoDate(Number.isFinite(lastSeen) ? lastSeen : 0);
    return prng.chance(0.5) ? `Reported stolen ${day}; police report filed` : `Reported lost ${day}`;
  }
  return prng.chance(0.04) ? prng.pick(NOTE_TEXTS) : undefined;
}

/** A few serials that are a prefix of another (the trap of partial `id:` search). */
function addLookalikeSerials(prng: Prng, d: DeviceTable, taken: Set<string>): void {
  const pairs = Math.max(2, Math.round(d.count / 500));
  for (let made = 0; made < pairs;) {
    const source = prng.int(0, d.count - 1);
    const target = prng.int(0, d.count - 1);
    if (source === target) continue;
    const serial = `${d.serial[source]}${prng.chars(ALNUM, prng.int(1, 2))}`;
    if (taken.has(serial)) continue;
    taken.delete(d.serial[target] as string);
    taken.add(serial);
    d.serial[target] = serial;
    made++;
  }
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter((word) => /^[A-Z]/.test(word))
    .map((word) => word[0])
    .join('');
}
