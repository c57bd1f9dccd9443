import { z } from 'zod';

/**
 * Building blocks shared by every Google schema in this package: int64 values (JSON strings on the
 * wire), open enums (Google adds values over time), durations and timestamps.
 */

/** Digits with an optional minus sign: how Google serialises `int64`/`uint64` fields. */
const INT64_PATTERN = /^-?\d{1,20}$/;

/**
 * An `int64` field as Google sends it: a JSON string. It stays a string at the edge so that values
 * past 2^53 survive; convert deliberately with `int64ToNumber` or `int64ToBigInt`.
 */
export const int64String = z.string().regex(INT64_PATTERN);

/** Converts an int64 string to a number, refusing values a double cannot hold exactly. */
export function int64ToNumber(value: string): number {
  if (!INT64_PATTERN.test(value)) throw new RangeError(`Not an int64 string: ${JSON.stringify(value)}`);
  const parsed = Number(value);
  if (!Number.isSafeInteger(parsed)) {
    throw new RangeError(`int64 ${value} is outside the safe integer range; use int64ToBigInt`);
  }
  return parsed;
}

/** Converts an int64 string to a bigint, for byte counts and ids that may pass 2^53. */
export function int64ToBigInt(value: string): bigint {
  if (!INT64_PATTERN.test(value)) throw new RangeError(`Not an int64 string: ${JSON.stringify(value)}`);
  return BigInt(value);
}

/** Converts an optional int64 field, keeping `undefined` so callers need no guard of their own. */
export function optionalInt64ToNumber(value: string | undefined): number | undefined {
  return value === undefined ? undefined : int64ToNumber(value);
}

/** A `google-duration` string such as `"3.5s"` (seconds, up to 9 fractional digits). */
export const googleDuration = z.string().regex(/^-?\d+(\.\d{1,9})?s$/);

/** Converts a `google-duration` string to milliseconds, because report durations feed charts in ms. */
export function durationToMilliseconds(value: string): number {
  if (!/^-?\d+(\.\d{1,9})?s$/.test(value))
    throw new RangeError(`Not a google-duration: ${JSON.stringify(value)}`);
  return Number(value.slice(0, -1)) * 1000;
}

/**
 * RFC 3339 timestamps stay strings: parsing 100,000 devices' dates at the edge costs time nobody
 * asked for, and some Google timestamp formats are not documented exactly.
 */
export const googleTimestamp = z.string();

/**
 * An enum Google may extend. Known values are kept for editor completion and exhaustiveness where a
 * caller wants it, but an unknown value still parses (AIP-126: enums are open; Google documents new
 * values being added to device status, license types and report enums over time).
 */
export function openEnum<const T extends readonly [string, ...string[]]>(
  _knownValues: T,
): z.ZodType<T[number] | (string & {}), string> {
  // Any string is accepted on purpose; the declared type keeps the known values for completion.
  return z.string();
}

/** `google.type.Date`, used by battery manufacture dates, AUE filters and policy lifecycles. */
export const googleDateSchema = z.object({
  year: z.number().int().optional(),
  month: z.number().int().optional(),
  day: z.number().int().optional(),
});
export type GoogleDate = z.infer<typeof googleDateSchema>;

/** `google.rpc.Status`, which Google uses for per-item failures inside a successful batch response. */
export const rpcStatusSchema = z.object({
  code: z.number().int().optional(),
  message: z.string().optional(),
  details: z.array(z.record(z.string(), z.unknown())).optional(),
});
export type RpcStatus = z.infer<typeof rpcStatusSchema>;
