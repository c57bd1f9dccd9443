/**
 * RFC 3339 UTC timestamps with milliseconds (`2020-02-18T00:26:57.326Z`), as Directory writes them.
 * A FULL device carries a dozen of them and a listing builds hundreds of thousands, so this formats
 * with integer arithmetic instead of allocating a Date per call. Valid for years 1970-9999.
 */
const PAD2 = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'));
const PAD3 = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, '0'));
const DAY = 86_400_000;

/** Year, month (1-12) and day of a day number since 1970-01-01 (Howard Hinnant's civil_from_days). */
function civil(days: number): [number, number, number] {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1_460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return [yoe + era * 400 + (month <= 2 ? 1 : 0), month, day];
}

/**
 * Written as one flat string from character codes: a template literal would build a rope of a dozen
 * parts that every JSON.stringify of it must first copy into a flat string.
 */
export function isoTime(ms: number): string {
  const { year, month, day, hours, minutes, seconds, millis } = utcParts(ms);
  if (!(year >= 1000 && year <= 9999)) return isoTimeText(ms);
  return String.fromCharCode(
    ZERO + Math.floor(year / 1000),
    ZERO + (Math.floor(year / 100) % 10),
    ZERO + (Math.floor(year / 10) % 10),
    ZERO + (year % 10),
    DASH,
    ZERO + Math.floor(month / 10),
    ZERO + (month % 10),
    DASH,
    ZERO + Math.floor(day / 10),
    ZERO + (day % 10),
    T,
    ZERO + Math.floor(hours / 10),
    ZERO + (hours % 10),
    COLON,
    ZERO + Math.floor(minutes / 10),
    ZERO + (minutes % 10),
    COLON,
    ZERO + Math.floor(seconds / 10),
    ZERO + (seconds % 10),
    DOT,
    ZERO + Math.floor(millis / 100),
    ZERO + (Math.floor(millis / 10) % 10),
    ZERO + (millis % 10),
    Z,
  );
}

const [ZERO, DASH, T, COLON, DOT, Z] = Array.from('0-T:.Z', (c) => c.charCodeAt(0)) as [
  number,
  number,
  number,
  number,
  number,
  number,
];

/** The same text from a template: years outside 1000-9999 and non-finite input. */
function isoTimeText(ms: number): string {
  const { year, month, day, hours, minutes, seconds, millis } = utcParts(ms);
  return `${year}-${PAD2[month]}-${PAD2[day]}T${PAD2[hours]}:${PAD2[minutes]}:${PAD2[seconds]}.${PAD3[millis]}Z`;
}

/** An instant's UTC calendar date and time of day. */
function utcParts(ms: number) {
  const t = Math.floor(ms);
  const days = Math.floor(t / DAY);
  let rest = t - days * DAY;
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1_000);
  const [year, month, day] = civil(days);
  return { year, month, day, hours, minutes, seconds, millis: rest - seconds * 1_000 };
}

/** `yyyy-mm-dd` of an instant (UTC). */
export function isoDate(ms: number): string {
  const [year, month, day] = civil(Math.floor(ms / DAY));
  return `${year}-${PAD2[month]}-${PAD2[day]}`;
}
