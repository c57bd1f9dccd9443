import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '@fleetdeck/shared/audit-contract';
import { detailLines, originWords } from './audit-entry-cells.tsx';

const entry = (details: Record<string, unknown>, patch: Partial<AuditEntry> = {}): AuditEntry => ({
  id: 'e1',
  occurredAt: '2026-11-28T08:00:00.000Z',
  actorUserId: 'u1',
  actorLabel: 'tech@school.example',
  actorName: 'Terry Tech',
  origin: null,
  action: 'device.disable',
  targetType: 'device',
  targetId: 'd1',
  targetLabel: '5CD123',
  outcome: 'success',
  ip: null,
  userAgent: null,
  details,
  sequence: '1',
  ...patch,
});

describe('the audit log details in words', () => {
  it('reads a disable reason and note, a move before → after, and a bulk run counts', () => {
    expect(detailLines(entry({ reason: 'lost', note: 'left on bus 12' }))).toEqual([
      'Reason: Lost',
      'Note: left on bus 12',
    ]);
    expect(detailLines(entry({ from: '/Schools/North', to: '/Schools/South' }))).toEqual([
      '/Schools/North → /Schools/South',
    ]);
    expect(detailLines(entry({ status: 'succeeded', succeeded: 28, failed: 2, skipped: 0 }))).toEqual([
      '28 succeeded, 2 failed, 0 skipped',
    ]);
    expect(detailLines(entry({ method: 'email_otp', status: 401 }))).toEqual(['Method: email otp']);
  });

  it('says what started an action Fleetdeck did by itself', () => {
    expect(originWords({ kind: 'schedule' })).toBe('Started by the sync schedule');
    expect(originWords({ kind: 'bulk_run', runId: 'r1' })).toBe('Done by Fleetdeck for their bulk action');
    expect(originWords(null)).toBeNull();
  });
});
