import { describe, expect, it } from 'vitest';
import { readFleetChanged } from './fleet-changed-payload.ts';

describe('fleet.changed payload', () => {
  it('reads device ids and new-device counts', () => {
    expect(readFleetChanged({ reason: 'action', deviceIds: ['a', 2, 'b'], added: 0 })).toEqual({
      reason: 'action',
      deviceIds: ['a', 'b'],
      added: 0,
    });
    expect(readFleetChanged({ reason: 'sync', runId: 'r', added: 3 })).toEqual({
      reason: 'sync',
      deviceIds: undefined,
      added: 3,
    });
  });

  it('ignores what is not a fleet change', () => {
    expect(readFleetChanged(null)).toBeNull();
    expect(readFleetChanged({ reason: 'other' })).toBeNull();
    expect(readFleetChanged('sync')).toBeNull();
  });
});
