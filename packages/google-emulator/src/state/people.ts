/**
 * Names for the people and places of the generated school district. People are numbered; a
 * person's name and email are a pure function of that number, so the fleet stores small integers
 * and builds strings only when a response needs them.
 */

const FIRST = [
  'Ava', 'Liam', 'Olivia', 'Noah', 'Emma', 'Mateo', 'Sophia', 'Elijah', 'Isabella', 'Lucas',
  'Mia', 'Levi', 'Amelia', 'Ezra', 'Harper', 'Asher', 'Evelyn', 'James', 'Luna', 'Leo',
  'Camila', 'Aiden', 'Gianna', 'Mason', 'Aria', 'Ethan', 'Mila', 'Jack', 'Sofia', 'Kai',
  'Ella', 'Santiago', 'Layla', 'Omar', 'Nora', 'Wei', 'Zoe', 'Arjun', 'Hana', 'Diego',
  'Priya', 'Malik', 'Chloe', 'Theo', 'Aaliyah', 'Owen', 'Yuki', 'Gabriel', 'Fatima', 'Samuel',
  'Grace', 'Isaac', 'Ximena', 'Julian', 'Leilani', 'Caleb', 'Nadia', 'Henry', 'Amara', 'Adrian',
  'Lily', 'Hugo', 'Maya', 'Rohan', 'Ivy', 'Andre', 'Sara', 'Tomas', 'Nia', 'Daniel',
  'Elena', 'Jamal', 'Ruby', 'Minh', 'Lucia', 'Felix', 'Zara', 'Marcus', 'Alina', 'Eli',
  'Rosa', 'Kenji', 'Stella', 'Ibrahim', 'Violet', 'Mohammed', 'Willow', 'Joaquin', 'Anya', 'Ryan',
  'Clara', 'Emeka', 'Hazel', 'Luis', 'Aurora', 'Soren', 'Imani', 'Carlos', 'Eden', 'Tariq',
];

const LAST = [
  'Nguyen', 'Smith', 'Garcia', 'Johnson', 'Martinez', 'Brown', 'Lopez', 'Davis', 'Kim', 'Wilson',
  'Patel', 'Anderson', 'Hernandez', 'Thomas', 'Chen', 'Moore', 'Gonzalez', 'Jackson', 'Singh', 'White',
  'Rodriguez', 'Harris', 'Okafor', 'Clark', 'Ramirez', 'Lewis', 'Tanaka', 'Walker', 'Flores', 'Hall',
  'Rivera', 'Young', 'Ali', 'King', 'Torres', 'Wright', 'Sato', 'Scott', 'Reyes', 'Green',
  'Cruz', 'Baker', 'Khan', 'Adams', 'Morales', 'Nelson', 'Park', 'Hill', 'Ortiz', 'Campbell',
  'Gutierrez', 'Mitchell', 'Haddad', 'Roberts', 'Chavez', 'Carter', 'Ito', 'Phillips', 'Ruiz', 'Evans',
  'Mendoza', 'Turner', 'Das', 'Parker', 'Vargas', 'Collins', 'Yamamoto', 'Edwards', 'Castillo', 'Stewart',
  'Jimenez', 'Morris', 'Mensah', 'Murphy', 'Romero', 'Cook', 'Huang', 'Rogers', 'Alvarez', 'Morgan',
  'Silva', 'Peterson', 'Kowalski', 'Cooper', 'Medina', 'Reed', 'Ahmed', 'Bailey', 'Castro', 'Bell',
  'Wang', 'Howard', 'Diaz', 'Ward', 'Novak', 'Cox', 'Fischer', 'Richardson', 'Sanchez', 'Wood',
];

const NAME_SPACE = FIRST.length * LAST.length;
/** Coprime with NAME_SPACE, so consecutive people get unrelated-looking names without repeats. */
const NAME_STRIDE = 7_919;

function nameParts(person: number): [string, string, number] {
  const slot = (person * NAME_STRIDE + 4_217) % NAME_SPACE;
  const first = FIRST[slot % FIRST.length] ?? 'Alex';
  const last = LAST[Math.floor(slot / FIRST.length)] ?? 'Lee';
  return [first, last, Math.floor(person / NAME_SPACE)];
}

/** "Ava Nguyen" */
export function personName(person: number): string {
  const [first, last] = nameParts(person);
  return `${first} ${last}`;
}

/** ava.nguyen@domain, with a number once the name space wraps: ava.nguyen3@domain */
export function personEmail(person: number, domain: string): string {
  const [first, last, round] = nameParts(person);
  return `${first.toLowerCase()}.${last.toLowerCase()}${round === 0 ? '' : round}@${domain}`;
}

const SCHOOL_NAMES = [
  'Adams', 'Banneker', 'Carver', 'Douglass', 'Earhart', 'Franklin', 'Goodall', 'Hopper', 'Irving', 'Jefferson',
  'Keller', 'Lincoln', 'Madison', 'Nightingale', 'Ochoa', 'Parks', 'Quimby', 'Roosevelt', 'Sagan', 'Tubman',
  'Urban', 'Vasquez', 'Washington', 'Xavier', 'Yosemite', 'Zamora', 'Aspen', 'Birch', 'Cedar', 'Dogwood',
  'Elm', 'Fir', 'Glenwood', 'Hawthorne', 'Ironwood', 'Juniper', 'Kingsley', 'Lakeside', 'Maple', 'Northgate',
  'Oakridge', 'Pinecrest', 'Quarry Hill', 'Riverside', 'Sequoia', 'Timberline', 'Union', 'Valley View', 'Willow Creek', 'Yarrow',
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
