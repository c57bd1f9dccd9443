import { describe, expect, it } from 'vitest';
import { DEVICE_QUERY_OPERATORS } from './device-query-operators.ts';
import { HELP_GROUPS, helpGroups } from './device-query-groups.ts';

const names = (filter: string) => helpGroups(filter).flatMap((group) => group.operators.map((op) => op.name));

describe('query help groups', () => {
  it('lists every operator of the catalog exactly once', () => {
    const grouped = HELP_GROUPS.flatMap((group) => [...group.names]);
    expect(grouped.toSorted()).toEqual(DEVICE_QUERY_OPERATORS.map((operator) => operator.name).toSorted());
    expect(names('')).toHaveLength(DEVICE_QUERY_OPERATORS.length);
  });

  it('filters by name, alias and what an operator matches, and drops empty groups', () => {
    expect(names('batt')).toEqual(['battery']);
    expect(names('battery:')).toEqual(['battery']);
    expect(names('MAC')).toEqual(['wifi_mac', 'ethernet_mac']);
    expect(names('notes')).toEqual(['note']);
    expect(names('serial')).toEqual(['id', 'serial']);
    expect(helpGroups('batt').map((group) => group.title)).toEqual(['Health and hardware']);
    expect(helpGroups('zzz')).toEqual([]);
    expect(names('date')).toEqual(expect.arrayContaining(['sync', 'stale', 'register', 'aue']));
  });
});
