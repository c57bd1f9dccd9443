import { describe, expect, it } from 'vitest';
import { concernsDevice } from './realtime-payload.ts';

describe('concernsDevice', () => {
  it('matches pushes naming this device and pushes naming none', () => {
    expect(concernsDevice({ reason: 'action', deviceIds: ['d0', 'd1'] }, 'd1')).toBe(true);
    expect(concernsDevice({ reason: 'sync', runId: 'r' }, 'd1')).toBe(true);
    expect(concernsDevice({ reason: 'action' }, 'd1')).toBe(true);
  });

  it('ignores pushes about other devices and malformed ones', () => {
    expect(concernsDevice({ reason: 'action', deviceIds: ['d2'] }, 'd1')).toBe(false);
    expect(concernsDevice({ reason: 'sync', deviceIds: [] }, 'd1')).toBe(false);
    expect(concernsDevice({ reason: 'other', deviceIds: ['d1'] }, 'd1')).toBe(false);
    expect(concernsDevice(null, 'd1')).toBe(false);
    expect(concernsDevice('fleet.changed', 'd1')).toBe(false);
  });
});
