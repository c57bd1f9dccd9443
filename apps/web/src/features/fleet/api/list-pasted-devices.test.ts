import { describe, expect, it } from 'vitest';
import { parseDeviceQuery } from '@fleetdeck/shared/device-query';
import { inListOrder, pastedChunks } from './list-pasted-devices.ts';

const ids = (count: number, length = 12) =>
  Array.from({ length: count }, (_, index) => `d${String(index).padStart(length - 1, '0')}`);

describe('pasted list reads', () => {
  it('splits a list into device_id terms the query parser accepts, keeping the order', () => {
    const list = ids(120);
    const chunks = pastedChunks(list);
    expect(chunks.map((chunk) => chunk.length)).toEqual([50, 50, 20]);
    expect(chunks.flat()).toEqual(list);
    for (const chunk of chunks) expect(parseDeviceQuery(`device_id:${chunk.join(',')}`).ok).toBe(true);
  });

  it('keeps each term within the query length limit when the ids are long', () => {
    const chunks = pastedChunks(ids(60, 100));
    expect(chunks.length).toBeGreaterThan(2);
    for (const chunk of chunks) {
      const query = `device_id:${chunk.join(',')}`;
      expect(query.length).toBeLessThanOrEqual(2000);
      expect(parseDeviceQuery(query).ok).toBe(true);
    }
    expect(chunks.flat()).toHaveLength(60);
  });

  it('leaves out anything that is not a device id, so no value can change the query', () => {
    expect(pastedChunks(['abc', 'x status:ACTIVE', 'a,b', '"q"', 'def'])).toEqual([['abc', 'def']]);
    expect(pastedChunks([])).toEqual([]);
  });

  it('puts a chunk of rows back in the pasted order', () => {
    const rows = [{ deviceId: 'b' }, { deviceId: 'c' }, { deviceId: 'a' }];
    expect(inListOrder(rows, ['c', 'a', 'b']).map((row) => row.deviceId)).toEqual(['c', 'a', 'b']);
  });
});
