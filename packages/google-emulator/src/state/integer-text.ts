/**
 * Byte counts as JSON strings (int64 values are strings on the wire). Kept apart from time-format
 * so the device and telemetry JSON share it.
 */
const ZEROS = Array.from({ length: 8 }, (_, n) => '0'.repeat(n));

/**
 * `String(n)` for a whole number of bytes: above 2^31 a number is a double, and V8 formats doubles
 * far more slowly than two small integers.
 */
export function integerText(n: number): string {
  if (n < 2_147_483_648 || n >= 1e15) return String(n);
  const high = Math.floor(n / 10_000_000);
  const low = n - high * 10_000_000;
  if (!(low >= 0 && low < 10_000_000) || !Number.isInteger(low)) return String(n);
  const digits = String(low);
  return `${high}${ZEROS[7 - digits.length] as string}${digits}`;
}
