/**
 * Seeded randomness. The fleet must be identical for the same seed, so nothing in the emulator
 * calls Math.random: generation draws from a `Prng`, and values derived later (a device's check-in
 * phase, the user it saw at its 40th check-in) come from `hash32`, a pure function of its inputs.
 */

/** A 32-bit integer avalanche (lowbias32 by Chris Wellons): small inputs give unrelated outputs. */
export function mix32(x: number): number {
  x ^= x >>> 16;
  x = Math.imul(x, 0x7feb352d);
  x ^= x >>> 15;
  x = Math.imul(x, 0x846ca68b);
  x ^= x >>> 16;
  return x >>> 0;
}

/** A stable unsigned 32-bit hash of up to four integers. */
export function hash32(a: number, b = 0, c = 0, d = 0): number {
  let h = mix32(a ^ 0x9e3779b9);
  h = mix32(h ^ Math.imul(b | 0, 0x85ebca6b));
  h = mix32(h ^ Math.imul(c | 0, 0xc2b2ae35));
  return mix32(h ^ Math.imul(d | 0, 0x27d4eb2f));
}

/** `hash32` scaled to [0, 1). */
export function hashUnit(a: number, b = 0, c = 0, d = 0): number {
  return hash32(a, b, c, d) / 4294967296;
}

/** A string to a 32-bit seed (FNV-1a), so seeds may be given as text. */
export function seedFromString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const HEX_CODES = Array.from('0123456789abcdef', (c) => c.charCodeAt(0));

/** sfc32: fast, small state, passes PractRand far beyond what a fleet of 250k devices draws. */
export class Prng {
  #a: number;
  #b: number;
  #c: number;
  #d: number;

  constructor(seed: number) {
    this.#a = mix32(seed ^ 0xdeadbeef);
    this.#b = mix32(seed ^ 0x41c64e6d);
    this.#c = mix32(seed ^ 0x6c078965);
    this.#d = 1;
    for (let i = 0; i < 12; i++) this.nextUint32();
  }

  nextUint32(): number {
    const t = (((this.#a + this.#b) | 0) + this.#d) | 0;
    this.#d = (this.#d + 1) | 0;
    this.#a = this.#b ^ (this.#b >>> 9);
    this.#b = (this.#c + (this.#c << 3)) | 0;
    this.#c = (this.#c << 21) | (this.#c >>> 11);
    this.#c = (this.#c + t) | 0;
    return t >>> 0;
  }

  /** [0, 1) */
  next(): number {
    return this.nextUint32() / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  /** Picks by weight; `weights` lines up with `items`. */
  weighted<T>(items: readonly T[], weights: readonly number[]): T {
    let total = 0;
    for (const w of weights) total += w;
    let roll = this.next() * total;
    for (let i = 0; i < items.length; i++) {
      roll -= weights[i] ?? 0;
      if (roll < 0) return items[i] as T;
    }
    return items[items.length - 1] as T;
  }

  /** Characters drawn from `alphabet`, as one flat string (no rope of one-character pieces). */
  chars(alphabet: string, length: number): string {
    const codes = new Array<number>(length);
    for (let i = 0; i < length; i++)
      codes[i] = alphabet.charCodeAt(Math.floor(this.next() * alphabet.length));
    return String.fromCharCode(...codes);
  }

  /** A version-4 UUID from this stream. */
  uuid(): string {
    const codes = new Array<number>(36);
    let at = 0;
    for (let word = 0; word < 4; word++) {
      let bits = this.nextUint32();
      for (let nibble = 0; nibble < 8; nibble++, bits >>>= 4) {
        if (at === 8 || at === 13 || at === 18 || at === 23) codes[at++] = 45; // '-'
        let value = bits & 0xf;
        if (at === 14) value = 4;
        else if (at === 19) value = (value & 0x3) | 0x8;
        codes[at++] = HEX_CODES[value] as number;
      }
    }
    return String.fromCharCode(...codes);
  }
}
