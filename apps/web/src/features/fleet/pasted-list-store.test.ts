import { describe, expect, it } from 'vitest';
import { FLEET_LIST_LIMITS } from '@fleetdeck/shared/fleet-columns';
import {
  forgetPastedList,
  KEPT_UNMATCHED,
  keepPastedList,
  newPastedListId,
  readPastedList,
  readPastedUnmatched,
  type ListStorage,
} from './pasted-list-store.ts';

function memoryStorage(): ListStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

describe('pasted lists kept in the tab', () => {
  it('keeps a list under a fresh id and reads it back in its order', () => {
    const store = memoryStorage();
    const id = newPastedListId();
    expect(id).toMatch(/^[a-z0-9]{10}$/);
    expect(newPastedListId()).not.toBe(id);
    expect(keepPastedList(id, ['dev-b', 'dev-a'], () => store)).toBe(true);
    expect(readPastedList(id, () => store)).toEqual(['dev-b', 'dev-a']);
  });

  it('reads a missing, forgotten, altered or oversized list as no list, never another one', () => {
    const store = memoryStorage();
    keepPastedList('listone1', ['dev-1'], () => store);
    keepPastedList('listtwo2', ['dev-2'], () => store);
    expect(readPastedList('unknown1', () => store)).toBeNull();
    forgetPastedList('listone1', () => store);
    expect(readPastedList('listone1', () => store)).toBeNull();
    expect(readPastedList('listtwo2', () => store)).toEqual(['dev-2']);
    const altered = [
      'not json',
      '{"ids":"dev-1"}',
      '{"ids":[]}',
      '{"ids":["dev-1","dev-1"]}',
      '{"ids":["../../dev"]}',
      '{"ids":[42]}',
      `{"ids":${JSON.stringify(Array.from({ length: FLEET_LIST_LIMITS.resolveLines + 1 }, (_, i) => `d${i}`))}}`,
      'null',
    ];
    for (const value of altered) {
      store.setItem('fleetdeck:pasted-list:altered1', value);
      expect(readPastedList('altered1', () => store)).toBeNull();
    }
    // An id that is not one of ours is not even looked up.
    store.setItem('fleetdeck:pasted-list:../x', '{"ids":["dev-1"]}');
    expect(readPastedList('../x', () => store)).toBeNull();
  });

  it('holds a paste as large as the paste API allows, and only the last five lists of the tab', () => {
    const store = memoryStorage();
    const largest = Array.from({ length: FLEET_LIST_LIMITS.resolveLines }, (_, i) => `device-${i}`);
    expect(keepPastedList('largest1', largest, () => store)).toBe(true);
    expect(readPastedList('largest1', () => store)).toHaveLength(FLEET_LIST_LIMITS.resolveLines);
    for (let i = 0; i < 5; i += 1) keepPastedList(`later${i}xx`, [`dev-${i}`], () => store);
    expect(readPastedList('largest1', () => store)).toBeNull();
    expect(readPastedList('later0xx', () => store)).toEqual(['dev-0']);
    expect([...store.map.keys()].filter((key) => key.startsWith('fleetdeck:pasted-list:'))).toHaveLength(5);
  });

  it('says when storage is blocked instead of throwing', () => {
    const blocked = () => {
      throw new Error('SecurityError');
    };
    expect(keepPastedList('listone1', ['dev-1'], blocked)).toBe(false);
    expect(readPastedList('listone1', blocked)).toBeNull();
    expect(() => forgetPastedList('listone1', blocked)).not.toThrow();
  });

  it('keeps the lines without a device with the list, the first ones when there are many', () => {
    const store = memoryStorage();
    const lines = [
      { line: 2, input: '5CD', note: 'No exact match; 4 serials begin with it: 5CD01, …' },
      { line: 7, input: 'NXHQ7AA0O1', note: 'Did you mean NXHQ7AA001?' },
    ];
    keepPastedList('withmiss', ['dev-1'], () => store, lines);
    expect(readPastedUnmatched('withmiss', () => store)).toEqual({ lines, total: 2 });
    keepPastedList('nomisses', ['dev-1'], () => store);
    expect(readPastedUnmatched('nomisses', () => store)).toEqual({ lines: [], total: 0 });
    const many = Array.from({ length: KEPT_UNMATCHED + 20 }, (_, i) => ({
      line: i + 1,
      input: `x${i}`,
      note: 'No match',
    }));
    keepPastedList('manymiss', ['dev-1'], () => store, many);
    const kept = readPastedUnmatched('manymiss', () => store);
    expect(kept.lines).toHaveLength(KEPT_UNMATCHED);
    expect(kept.total).toBe(KEPT_UNMATCHED + 20);
    // Altered lines read as none; the list itself still reads.
    store.setItem(
      'fleetdeck:pasted-list:altered2',
      '{"ids":["dev-1"],"unmatched":[{"line":"1","input":"x","note":"n"}]}',
    );
    expect(readPastedUnmatched('altered2', () => store)).toEqual({ lines: [], total: 0 });
    expect(readPastedList('altered2', () => store)).toEqual(['dev-1']);
  });
});
