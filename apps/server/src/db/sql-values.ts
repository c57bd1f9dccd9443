/**
 * Checks of text that a statement casts to a PostgreSQL type (`::timestamptz`, `::uuid`, ...), for
 * values that arrive from outside, such as the position in a page link. A value that fails its
 * cast would be a database error (500); checked first, it is the caller's clear 400.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?)?(?:Z|[+-](\d{2})(?::?(\d{2}))?)?$/;
/** PostgreSQL's `real` (float4): finite, at most this large, and zero or at least this small. */
const REAL_MAX = 3.4028234e38;
const REAL_MIN = 1.1754944e-38;
const INTEGER = /^-?\d{1,18}$/;
const REAL = /^-?(?:\d{1,20}(?:\.\d{1,20})?|\.\d{1,20})(?:e[+-]?\d{1,3})?$/i;
/** An integer array as PostgreSQL writes one (`{120,0,6099,235}`), at most 100 elements. */
const INT_ARRAY = /^\{(?:-?\d{1,10}(?:,-?\d{1,10}){0,99})?\}$/;

export type CastType =
  'text' | 'date' | 'timestamptz' | 'bigint' | 'int' | 'smallint' | 'int[]' | 'real' | 'uuid';

/** Why: whether PostgreSQL's cast of `value` to `type` succeeds, without asking it. */
export function castsTo(value: string, type: CastType): boolean {
  switch (type) {
    case 'text':
      return true;
    case 'uuid':
      return UUID.test(value);
    case 'date':
      return isCalendarDate(DATE.exec(value));
    case 'timestamptz': {
      const match = TIMESTAMP.exec(value);
      if (!isCalendarDate(match)) return false;
      const [hour, minute, second, offsetHours, offsetMinutes] = [4, 5, 6, 7, 8].map((at) =>
        Number(match?.[at] ?? 0),
      ) as [number, number, number, number, number];
      // PostgreSQL refuses a zone displacement past 15:59.
      return hour < 24 && minute < 60 && second < 60 && offsetHours <= 15 && offsetMinutes < 60;
    }
    case 'bigint':
      return INTEGER.test(value);
    case 'int':
      return isInt(value);
    case 'smallint':
      return INTEGER.test(value) && Number(value) >= -32_768 && Number(value) <= 32_767;
    case 'int[]':
      return INT_ARRAY.test(value) && (value === '{}' || value.slice(1, -1).split(',').every(isInt));
    case 'real': {
      const magnitude = Math.abs(Number(value));
      return REAL.test(value) && magnitude <= REAL_MAX && (magnitude === 0 || magnitude >= REAL_MIN);
    }
  }
}

function isInt(value: string): boolean {
  return INTEGER.test(value) && Number(value) >= -2_147_483_648 && Number(value) <= 2_147_483_647;
}

function isCalendarDate(match: RegExpExecArray | null): boolean {
  if (!match) return false;
  const [year, month, day] = [match[1], match[2], match[3]].map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}
