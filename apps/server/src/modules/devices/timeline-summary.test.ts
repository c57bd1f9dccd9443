import { describe, expect, it } from 'vitest';
import { changedPart, summarize } from './timeline-summary.ts';

const BEFORE =
  'This Chromebook belongs to Banneker Middle School. If you found it, please return it to the front office, 12 Main Street.';
const AFTER =
  'This Chromebook belongs to Banneker Middle School. If you found it, please return it to the library desk, 12 Main Street.';

describe('timeline summaries', () => {
  it('shows a changed return message in full and, of the old one, the part that differs', () => {
    const summary = summarize({ field: 'returnMessage', old: BEFORE, new: AFTER }, '/Banneker Middle School');
    expect(summary).toBe(
      `Return message of /Banneker Middle School changed to “${AFTER}” (was “…front office,…”)`,
    );
    expect(summary).not.toContain('every disabled device');
  });

  it('keeps a long new message whole and says when one is set or cleared', () => {
    const long = `Return to room 12. ${'x'.repeat(900)}`;
    expect(summarize({ field: 'returnMessage', old: null, new: long }, '/A')).toBe(
      `Return message of /A set to “${long}”`,
    );
    expect(summarize({ field: 'returnMessage', old: 'Old text', new: '' }, null)).toBe(
      'Return message of its organizational unit cleared (was “Old text”)',
    );
  });

  it("says when a unit went back to its parent unit's message, and what the device shows now", () => {
    expect(summarize({ field: 'returnMessageInherited', old: 'Return to room 4', new: AFTER }, '/A/B')).toBe(
      `Return message of /A/B set back to its parent unit's: “${AFTER}” (was “Return to room 4”)`,
    );
    expect(summarize({ field: 'returnMessageInherited', old: 'Return to room 4', new: null }, '/A/B')).toBe(
      "Return message of /A/B set back to its parent unit's: none, Google's default screen (was “Return to room 4”)",
    );
  });

  it('shows a wholly different old message from its start', () => {
    expect(changedPart('Call 555-0100', 'Bring it to the office')).toBe('Call 555-0100');
    expect(changedPart('a'.repeat(200), 'b')).toHaveLength(160);
  });

  it('reads statuses as their badges do', () => {
    expect(summarize({ field: 'status', old: 'ACTIVE', new: 'DISABLED' }, null)).toBe(
      'Status changed: Active → Disabled',
    );
    expect(summarize({ field: 'status', old: 'PRE_PROVISIONED', new: 'ACTIVE' }, null)).toBe(
      'Status changed: Pre-provisioned → Active',
    );
  });
});
