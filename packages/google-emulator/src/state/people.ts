/**
 * Names for the people and places of the generated school district. People are numbered; a
 * person's name and email are a pure function of that number, so the fleet stores small integers
 * and builds strings only when a response needs them.
 */

import { FIRST_NAMES as FIRST, LAST_NAMES as LAST } from './person-names.ts';

const NAME_SPACE = FIRST.length * LAST.length;
/** Coprime with NAME_SPACE, so consecutive people get unrelated-looking names without repeats. */
const NAME_STRIDE = 7_919;
const NAME_OFFSET = 4_217;
const FIRST_LOWER = FIRST.map((name) => name.toLowerCase());
const LAST_LOWER = LAST.map((name) => name.toLowerCase());

/** NAME_STRIDE's inverse modulo NAME_SPACE (extended Euclid), to turn a name back into a number. */
const STRIDE_INVERSE = (() => {
  let [r0, r1, t0, t1] = [NAME_SPACE, NAME_STRIDE, 0, 1];
  while (r1 !== 0) {
    const q = Math.floor(r0 / r1);
    [r0, r1, t0, t1] = [r1, r0 - q * r1, t1, t0 - q * t1];
  }
  return ((t0 % NAME_SPACE) + NAME_SPACE) % NAME_SPACE;
})();

/** A person's first and last name, lower-cased, and how many times the pair came round before. */
function lowerNameParts(person: number): [string, string, number] {
  const slot = (person * NAME_STRIDE + NAME_OFFSET) % NAME_SPACE;
  const first = FIRST_LOWER[slot % FIRST.length] ?? 'alex';
  const last = LAST_LOWER[Math.floor(slot / FIRST.length)] ?? 'lee';
  return [first, last, Math.floor(person / NAME_SPACE)];
}

/** The person an email of `personEmail`'s form names, or undefined (so searches compare numbers, not strings). */
export function personFromEmail(email: string, domain: string): number | undefined {
  const match = /^([a-z]+)\.([a-z]+)([1-9]\d{0,5})?@(.+)$/.exec(email.toLowerCase());
  if (!match || match[4] !== domain.toLowerCase()) return undefined;
  const first = FIRST_LOWER.indexOf(match[1] as string);
  const last = LAST_LOWER.indexOf(match[2] as string);
  if (first < 0 || last < 0) return undefined;
  const slot = last * FIRST.length + first;
  const base = ((((slot - NAME_OFFSET) % NAME_SPACE) + NAME_SPACE) * STRIDE_INVERSE) % NAME_SPACE;
  return base + Number(match[3] ?? 0) * NAME_SPACE;
}

/** ava.nguyen@domain, with a number once the name space wraps: ava.nguyen3@domain */
export function personEmail(person: number, domain: string): string {
  const [first, last, round] = lowerNameParts(person);
  // join writes one flat string; a template would leave a rope for JSON.stringify to flatten.
  return [first, '.', last, round === 0 ? '' : String(round), '@', domain].join('');
}

const SCHOOL_NAMES = [
  'Adams',
  'Banneker',
  'Carver',
  'Douglass',
  'Earhart',
  'Franklin',
  'Goodall',
  'Hopper',
  'Irving',
  'Jefferson',
  'Keller',
  'Lincoln',
  'Madison',
  'Nightingale',
  'Ochoa',
  'Parks',
  'Quimby',
  'Roosevelt',
  'Sagan',
  'Tubman',
  'Urban',
  'Vasquez',
  'Washington',
  'Xavier',
  'Yosemite',
  'Zamora',
  'Aspen',
  'Birch',
  'Cedar',
  'Dogwood',
  'Elm',
  'Fir',
  'Glenwood',
  'Hawthorne',
  'Ironwood',
  'Juniper',
  'Kingsley',
  'Lakeside',
  'Maple',
  'Northgate',
  'Oakridge',
  'Pinecrest',
  'Quarry Hill',
  'Riverside',
  'Sequoia',
  'Timberline',
  'Union',
  'Valley View',
  'Willow Creek',
  'Yarrow',
];

export type SchoolLevel = 'Elementary' | 'Middle' | 'High';

/** "Adams Elementary School", "Adams Elementary School 2" once the names run out. */
export function schoolName(index: number, level: SchoolLevel): string {
  const base = SCHOOL_NAMES[index % SCHOOL_NAMES.length] ?? 'Central';
  const round = Math.floor(index / SCHOOL_NAMES.length);
  return `${base} ${level} School${round === 0 ? '' : ` ${round + 1}`}`;
}

const DISTRICTS = [
  ['Cedar Valley Unified School District', 'cedarvalley'],
  ['Riverbend Public Schools', 'riverbend'],
  ['North Harbor School District', 'northharbor'],
  ['Mesa Verde Independent School District', 'mesaverde'],
  ['Lakeshore Consolidated Schools', 'lakeshore'],
  ['Granite Falls School District', 'granitefalls'],
] as const;

/** The district's display name and its domain (always under the reserved `example.edu`). */
export function district(seed: number): { name: string; domain: string } {
  const [name, slug] = DISTRICTS[seed % DISTRICTS.length] ?? DISTRICTS[0];
  return { name, domain: `${slug}.example.edu` };
}

export const NOTE_TEXTS = [
  'Cracked screen reported by teacher',
  'Battery replaced under warranty',
  'Loaned from John in the library',
  'Keyboard missing two keys',
  'Returned by student at end of year',
  'Sticker residue on lid; cleaned',
  'Charger not returned',
  'Re-imaged after malware scare',
  'Hinge loose, monitor',
  'Assigned as testing spare',
];
