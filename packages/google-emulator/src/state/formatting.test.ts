import { describe, expect, it } from 'vitest';
import { locallyAdministeredMac, macHex, parseMacHex } from './mac-address.ts';
import { personEmail, personFromEmail } from './people.ts';
import { Prng } from './random.ts';
import { isoDate, isoTime } from './time-format.ts';

describe('fast formatters agree with the built-ins they replace', () => {
  const prng = new Prng(99);

  it('isoTime and isoDate match Date#toISOString from 1970 to 9999', () => {
    const samples = [0, 951_782_400_000, 1_709_251_199_999, 4_102_444_800_000, 253_402_300_799_999];
    for (let k = 0; k < 20_000; k++) samples.push(Math.floor(prng.next() * 253_402_300_799_999));
    for (const ms of samples) {
      expect(isoTime(ms)).toBe(new Date(ms).toISOString());
      expect(isoDate(ms)).toBe(new Date(ms).toISOString().slice(0, 10));
    }
  });

  it('macHex matches toString(16) and round-trips through parseMacHex', () => {
    for (let k = 0; k < 20_000; k++) {
      const mac = locallyAdministeredMac(prng.nextUint32(), prng.nextUint32());
      const hex = mac.toString(16).padStart(12, '0');
      expect(macHex(mac)).toBe(hex);
      expect(macHex(mac, true)).toBe(hex.toUpperCase());
      expect(parseMacHex(hex)).toBe(mac);
      expect(parseInt(hex.slice(0, 2), 16) & 0b11).toBe(0b10);
    }
    expect(parseMacHex('6c:29:95:72:4c:50')).toBeUndefined();
  });

  it('turns generated emails back into the person they name', () => {
    for (const person of [0, 1, 9_999, 10_000, 123_456, 274_999]) {
      const email = personEmail(person, 'district.example.edu');
      expect(personFromEmail(email.toUpperCase(), 'district.example.edu')).toBe(person);
    }
    expect(personFromEmail('ava.nguyen@elsewhere.example.edu', 'district.example.edu')).toBeUndefined();
    expect(personFromEmail('zed.nobody@district.example.edu', 'district.example.edu')).toBeUndefined();
    expect(personFromEmail('ava.nguyen0@district.example.edu', 'district.example.edu')).toBeUndefined();
  });
});
