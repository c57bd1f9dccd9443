/**
 * MAC addresses for generated devices: 48-bit, locally administered and unicast (the first octet
 * ends in binary 10), so none can collide with a real vendor's address. Stored as numbers.
 */

/** Builds a MAC from two random 32-bit words. */
export function locallyAdministeredMac(high: number, low: number): number {
  const firstOctet = (high & 0xfc) | 0x02;
  const secondOctet = (high >>> 8) & 0xff;
  return (firstOctet * 256 + secondOctet) * 4_294_967_296 + (low >>> 0);
}

const TWO_24 = 16_777_216;

/** 12 hex digits without separators, as the Directory API writes them. */
export function macHex(mac: number, upper = false): string {
  // Two 24-bit halves: small-integer radix conversion is far cheaper than a 48-bit double's.
  const high = Math.floor(mac / TWO_24);
  const hex = high.toString(16).padStart(6, '0') + (mac - high * TWO_24).toString(16).padStart(6, '0');
  return upper ? hex.toUpperCase() : hex;
}

/** Parses 12 hex digits (no separators) into the stored number; undefined when malformed. */
export function parseMacHex(text: string): number | undefined {
  return /^[0-9a-fA-F]{12}$/.test(text) ? parseInt(text, 16) : undefined;
}
