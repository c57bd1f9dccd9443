import { describe, expect, it } from 'vitest';
import { FLEET_COLUMNS, type FleetColumnId } from './fleet-columns.ts';
import { formatBytes, rawColumnLabel, readableFleetValue } from './fleet-values.ts';

const column = (id: FleetColumnId) => {
  const found = FLEET_COLUMNS.find((candidate) => candidate.id === id);
  if (!found) throw new Error(id);
  return found;
};

describe('fleet values as people read them', () => {
  it('reads each kind as the table does, a time absolute and in UTC', () => {
    expect(readableFleetValue(column('status'), 'ACTIVE')).toBe('Active');
    expect(readableFleetValue(column('batteryHealth'), 'BATTERY_REPLACE_SOON')).toBe('Replace soon');
    expect(readableFleetValue(column('aueDate'), '2029-06-01')).toBe('Jun 1, 2029');
    expect(readableFleetValue(column('lastSync'), '2026-03-01T18:29:59.123Z')).toBe(
      'Mar 1, 2026, 6:29 PM UTC',
    );
    expect(readableFleetValue(column('storageFreeBytes'), '13421772800')).toBe('12.5 GB');
    expect(readableFleetValue(column('batteryCapacityPercent'), '87.3')).toBe('87 %');
    expect(readableFleetValue(column('batteryCycleCount'), '1234')).toBe('1,234');
    expect(readableFleetValue(column('notes'), 'ACTIVE as typed')).toBe('ACTIVE as typed');
    expect(formatBytes(512)).toBe('512 B');
  });

  it('names a raw twin for every formatted column, none for text', () => {
    expect(rawColumnLabel(column('status'))).toBe('Status (Google value)');
    expect(rawColumnLabel(column('storageFreeBytes'))).toBe('Storage free (bytes)');
    expect(rawColumnLabel(column('lastSync'))).toBe('Last sync (UTC, ISO 8601)');
    expect(rawColumnLabel(column('serialNumber'))).toBeNull();
  });
});
