import { describe, expect, it } from 'vitest';
import { bulkWording } from './bulk-wording.ts';

const preview = (deviceCount: number, unchanged: number, requiresTypedCount = false) => ({
  deviceCount,
  unchanged,
  requiresTypedCount,
  diff: [{ field: 'orgUnitPath', before: [], after: '/Riverbend/North High' }],
});

describe('bulk action wording', () => {
  it('names the devices targeted on the button and the unchanged ones in the preview', () => {
    expect(bulkWording('disable', preview(5, 2, true))).toEqual({
      targeted: '5 devices targeted',
      changing: '3 will be disabled',
      unchanged: '2 already disabled: no change',
      confirm: 'Disable 5 targeted devices',
      typedCountNote: 'The count to type is every device targeted, including the 2 already disabled.',
    });
  });

  it('says nothing about unchanged devices when every one changes', () => {
    expect(bulkWording('move', preview(30, 0))).toMatchObject({
      targeted: '30 devices targeted',
      changing: '30 will move',
      unchanged: null,
      confirm: 'Move 30 devices',
      typedCountNote: null,
    });
  });

  it('says where moved devices already are, and words each kind', () => {
    expect(bulkWording('move', preview(1, 1)).unchanged).toBe(
      '1 already in /Riverbend/North High: no change',
    );
    expect(bulkWording('move', preview(1, 1)).confirm).toBe('Move 1 targeted device');
    expect(bulkWording('reenable', preview(4, 1)).unchanged).toBe('1 already active: no change');
    expect(bulkWording('annotate', preview(4, 4)).changing).toBe('0 will change');
    expect(bulkWording('command', preview(1_200, 0, true)).confirm).toBe('Send the command to 1,200 devices');
    expect(bulkWording('deprovision', preview(3, 1, true)).typedCountNote).toBe(
      'The count to type is every device targeted, including the 1 already deprovisioned.',
    );
  });
});
