import { describe, expect, it } from 'vitest';
import { isSyncRunPayload } from './sync-run-payload.ts';

const run = {
  id: '0b9f7c9e-2f55-4a57-9d43-3f3c1c1a7e10',
  kind: 'full',
  trigger: 'manual',
  status: 'running',
  phase: 'devices',
  errors: [],
  progress: { devicesWritten: 12 },
};

describe('pushed sync runs', () => {
  it('accepts a run and refuses what is not one', () => {
    expect(isSyncRunPayload(run)).toBe(true);
    expect(isSyncRunPayload(null)).toBe(false);
    expect(isSyncRunPayload({ ...run, status: 'paused' })).toBe(false);
    expect(isSyncRunPayload({ ...run, progress: null })).toBe(false);
    expect(isSyncRunPayload({ ...run, errors: 'none' })).toBe(false);
    expect(isSyncRunPayload({ ...run, id: 7 })).toBe(false);
  });
});
