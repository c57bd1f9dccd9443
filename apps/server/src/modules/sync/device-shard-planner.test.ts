import { describe, expect, it } from 'vitest';
import {
  baseShard,
  descendingShard,
  parseDeviceShard,
  planDeviceShards,
  type PlannerOrgUnit,
} from './device-shard-planner.ts';

/** root → 4 schools → 5 grades each. */
function tree(): PlannerOrgUnit[] {
  const units: PlannerOrgUnit[] = [{ orgUnitId: 'root', parentOrgUnitId: null }];
  for (let s = 0; s < 4; s += 1) {
    units.push({ orgUnitId: `s${s}`, parentOrgUnitId: 'root' });
    for (let g = 0; g < 5; g += 1) units.push({ orgUnitId: `s${s}g${g}`, parentOrgUnitId: `s${s}` });
  }
  return units;
}

/** Which shard lists each OU's own devices; every OU must be listed by exactly one shard. */
function coverage(units: PlannerOrgUnit[], keys: string[]): Map<string, number> {
  const parent = new Map(units.map((ou) => [ou.orgUnitId, ou.parentOrgUnitId]));
  const counts = new Map<string, number>();
  for (const ou of units) {
    let listed = 0;
    for (const key of keys) {
      const spec = parseDeviceShard(key);
      if (!spec.includeChildren) listed += spec.orgUnitId === ou.orgUnitId ? 1 : 0;
      else {
        for (let at: string | null | undefined = ou.orgUnitId; at; at = parent.get(at)) {
          if (at === spec.orgUnitId) listed += 1;
        }
      }
    }
    counts.set(ou.orgUnitId, listed);
  }
  return counts;
}

describe('device shard planner', () => {
  it('covers every OU exactly once, with or without device counts', () => {
    const units = tree();
    const counts = new Map(units.map((ou, i) => [ou.orgUnitId, (i * 37) % 400]));
    for (const plan of [planDeviceShards(units, undefined, 6), planDeviceShards(units, counts, 6)]) {
      const covered = coverage(
        units,
        plan.map((shard) => shard.key),
      );
      expect([...covered.values()].every((n) => n === 1)).toBe(true);
    }
  });

  it('plans one chain for one lane, and splits big subtrees for several, largest first', () => {
    const units = tree();
    expect(planDeviceShards(units, undefined, 1).map((s) => s.key)).toEqual(['tree:root']);
    const counts = new Map(units.map((ou) => [ou.orgUnitId, ou.orgUnitId.startsWith('s0') ? 1000 : 10]));
    const plan = planDeviceShards(units, counts, 2);
    expect(plan.length).toBeGreaterThan(1);
    expect(plan.map((s) => s.weight)).toEqual([...plan.map((s) => s.weight)].sort((a, b) => b - a));
    // School 0 holds most devices, so it is split into its grades; small schools stay whole.
    expect(plan.map((s) => s.key)).toContain('tree:s0g0');
    expect(plan.map((s) => s.key)).toContain('tree:s1');
  });
});

describe('device shard order without device counts', () => {
  it('lists single OUs first, whose size is anyone’s guess, then subtrees by their number of OUs', () => {
    // root → 10 leaves and 5 schools of 5 grades: the schools stay whole subtrees.
    const units: PlannerOrgUnit[] = [{ orgUnitId: 'root', parentOrgUnitId: null }];
    for (let l = 0; l < 10; l += 1) units.push({ orgUnitId: `leaf${l}`, parentOrgUnitId: 'root' });
    for (let s = 0; s < 5; s += 1) {
      units.push({ orgUnitId: `s${s}`, parentOrgUnitId: 'root' });
      for (let g = 0; g < 5 - (s % 2); g += 1)
        units.push({ orgUnitId: `s${s}g${g}`, parentOrgUnitId: `s${s}` });
    }
    const plan = planDeviceShards(units, undefined, 2);
    expect(plan.map((shard) => shard.key).slice(0, 2)).toEqual(['ou:root', 'tree:leaf0']);
    const singles = plan.findIndex((shard) => shard.weight > 1);
    expect(singles).toBe(11);
    expect(singles).toBeGreaterThan(0);
    expect(plan.slice(0, singles).every((shard) => shard.weight === 1)).toBe(true);
    const rest = plan.slice(singles).map((shard) => shard.weight);
    expect(rest.every((weight) => weight > 1)).toBe(true);
    expect(rest).toEqual([...rest].sort((a, b) => b - a));
  });
});

describe('device shard keys', () => {
  it('names a shard’s second chain and reads it back as the same listing, descending', () => {
    expect(parseDeviceShard('tree:id:03a')).toEqual({
      orgUnitId: 'id:03a',
      includeChildren: true,
      descending: false,
    });
    expect(descendingShard('ou:id:03b')).toBe('ou:id:03b~desc');
    expect(parseDeviceShard('ou:id:03b~desc')).toEqual({
      orgUnitId: 'id:03b',
      includeChildren: false,
      descending: true,
    });
    expect(baseShard('ou:id:03b~desc')).toBe('ou:id:03b');
    expect(baseShard('ou:id:03b')).toBe('ou:id:03b');
    expect(() => parseDeviceShard('oops')).toThrow();
  });
});
