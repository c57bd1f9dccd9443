import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  durationToMilliseconds,
  int64String,
  int64ToBigInt,
  int64ToNumber,
  openEnum,
  optionalInt64ToNumber,
} from './wire-types.ts';

describe('int64 values', () => {
  it('keeps int64 strings as strings at the edge', () => {
    expect(int64String.parse('16695300096')).toBe('16695300096');
    expect(int64String.safeParse(16695300096).success).toBe(false);
    expect(int64String.safeParse('12abc').success).toBe(false);
  });

  it('converts safe values to numbers and refuses unsafe ones', () => {
    expect(int64ToNumber('1719730800000')).toBe(1719730800000);
    expect(int64ToNumber('-42')).toBe(-42);
    expect(() => int64ToNumber('9007199254740993')).toThrow(RangeError);
    expect(() => int64ToNumber('1.5')).toThrow(RangeError);
    expect(optionalInt64ToNumber(undefined)).toBeUndefined();
    expect(optionalInt64ToNumber('7')).toBe(7);
  });

  it('converts any int64 to a bigint exactly', () => {
    expect(int64ToBigInt('9007199254740993')).toBe(9007199254740993n);
    expect(() => int64ToBigInt('')).toThrow(RangeError);
  });
});

describe('durations and enums', () => {
  it('turns google-duration strings into milliseconds', () => {
    expect(durationToMilliseconds('3.5s')).toBe(3500);
    expect(durationToMilliseconds('0.000000001s')).toBeCloseTo(0.000001);
    expect(() => durationToMilliseconds('3.5')).toThrow(RangeError);
  });

  it('accepts enum values Google adds later', () => {
    const status = openEnum(['ACTIVE', 'DISABLED']);
    expect(status.parse('ACTIVE')).toBe('ACTIVE');
    expect(status.parse('SOMETHING_NEW')).toBe('SOMETHING_NEW');
    expect(z.object({ status }).safeParse({ status: 3 }).success).toBe(false);
  });
});
