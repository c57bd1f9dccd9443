import { describe, expect, it } from 'vitest';
import { isWithinOu } from './ou-scope.ts';

describe('isWithinOu', () => {
  it('covers the unit itself and everything below it, not a sibling sharing its prefix', () => {
    expect(isWithinOu('/Schools/North', '/Schools/North')).toBe(true);
    expect(isWithinOu('/Schools/North/Grade 5', '/Schools/North')).toBe(true);
    expect(isWithinOu('/Schools/Northwood', '/Schools/North')).toBe(false);
    expect(isWithinOu('/Schools', '/Schools/North')).toBe(false);
    expect(isWithinOu('/anything', '/')).toBe(true);
  });

  it('compares paths case-insensitively, as Google and the fleet table do', () => {
    expect(isWithinOu('/Schools/North/Grade 5', '/schools/north')).toBe(true);
    expect(isWithinOu('/schools/north', '/Schools/North')).toBe(true);
    expect(isWithinOu('/SCHOOLS/NORTHWOOD', '/schools/north')).toBe(false);
  });
});
