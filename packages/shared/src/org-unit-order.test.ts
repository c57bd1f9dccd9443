import { describe, expect, it } from 'vitest';
import {
  compareOrgUnitNames,
  orgUnitDepth,
  sortByOrgUnitPath,
  subtreeDeviceCounts,
} from './org-unit-order.ts';

describe('sortByOrgUnitPath', () => {
  it('reads as a tree in natural order', () => {
    const paths = [
      '/North High',
      '/North/Grade 12',
      '/North/Grade 9',
      '/North',
      '/',
      '/North/Grade 10/Room 2',
      '/North/Grade 10',
      '/Adams Elementary',
      '/North/Grade 10/Room 11',
      '/north/Grade 1',
    ];
    expect(sortByOrgUnitPath(paths, (path) => path)).toEqual([
      '/',
      '/Adams Elementary',
      '/North',
      '/North/Grade 9',
      '/North/Grade 10',
      '/North/Grade 10/Room 2',
      '/North/Grade 10/Room 11',
      '/North/Grade 12',
      '/north/Grade 1',
      '/North High',
    ]);
  });

  it('orders sibling names the same way', () => {
    expect(['Grade 12', 'Kindergarten', 'Grade 9', 'Grade 10'].sort(compareOrgUnitNames)).toEqual([
      'Grade 9',
      'Grade 10',
      'Grade 12',
      'Kindergarten',
    ]);
  });
});

describe('subtreeDeviceCounts', () => {
  it("counts a unit's devices with its sub-units', as the fleet's ou: filter does", () => {
    const units = [
      { path: '/', n: 1 },
      { path: '/North', n: 0 },
      { path: '/North/Grade 9', n: 5 },
      { path: '/North/Grade 9/Lab', n: 2 },
      { path: '/North High', n: 7 },
    ];
    const totals = subtreeDeviceCounts(
      units,
      (unit) => unit.path,
      (unit) => unit.n,
    );
    expect(Object.fromEntries(totals)).toEqual({
      '/': 15,
      '/North': 7,
      '/North/Grade 9': 7,
      '/North/Grade 9/Lab': 2,
      '/North High': 7,
    });
    expect(units.map((unit) => orgUnitDepth(unit.path))).toEqual([0, 1, 2, 3, 1]);
  });
});
