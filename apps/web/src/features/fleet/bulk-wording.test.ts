import { describe, expect, it } from 'vitest';
import { bulkStartWording, bulkWording, type BulkWordingPreview } from './bulk-wording.ts';

const preview = (
  deviceCount: number,
  unchanged: number,
  requiresTypedCount = false,
  ineligible: BulkWordingPreview['ineligible'] = [],
): BulkWordingPreview => ({
  deviceCount,
  changeCount: deviceCount - unchanged - ineligible.reduce((sum, item) => sum + item.count, 0),
  unchanged,
  ineligible,
  requiresTypedCount,
  diff: [{ field: 'orgUnitPath', before: [], after: '/Riverbend/North High' }],
});

describe('bulk action wording', () => {
  it('names only the devices that change on the button, and why the others are not sent', () => {
    const deprovisioned = [{ reason: 'deprovisioned devices cannot be disabled', count: 1 }];
    expect(bulkWording('disable', preview(4, 0, true, deprovisioned))).toEqual({
      targeted: '4 devices targeted',
      changing: '3 will be disabled',
      unchanged: null,
      ineligible: ['1 skipped: deprovisioned devices cannot be disabled'],
      confirm: 'Disable 3 devices',
      nothingToDo: null,
      typedCountNote:
        'The count to type is the devices that will change; the other 1 are not sent to Google.',
    });
  });

  it('says nothing about unchanged devices when every one changes', () => {
    expect(bulkWording('move', preview(30, 0))).toMatchObject({
      targeted: '30 devices targeted',
      changing: '30 will move',
      unchanged: null,
      ineligible: [],
      confirm: 'Move 30 devices',
      nothingToDo: null,
      typedCountNote: null,
    });
  });

  it('explains why there is nothing to confirm when no device would change', () => {
    const words = bulkWording('reenable', preview(1, 1));
    expect(words.changing).toBe('0 will be re-enabled');
    expect(words.unchanged).toBe('1 already active: no change');
    expect(words.nothingToDo).toMatch(/^Nothing to confirm: none of the 1 device targeted would change/);
  });

  it('says where moved devices already are, and words each kind', () => {
    expect(bulkWording('move', preview(2, 1)).unchanged).toBe(
      '1 already in /Riverbend/North High: no change',
    );
    expect(bulkWording('move', preview(2, 1)).confirm).toBe('Move 1 device');
    expect(bulkWording('annotate', preview(4, 4)).changing).toBe('0 will change');
    expect(bulkWording('command', preview(1_200, 0, true)).confirm).toBe('Send the command to 1,200 devices');
    expect(bulkWording('deprovision', preview(3, 1, true)).typedCountNote).toBe(
      'The count to type is the devices that will change; the other 1 are not sent to Google.',
    );
  });

  it('says before the start that above the plan threshold a second member must approve a plan', () => {
    const words = bulkStartWording('move', { changeCount: 620, planThreshold: 500, onStart: 'plan' });
    expect(words.confirm).toBe('Save a plan for 620 devices');
    expect(words.note).toMatch(/^620 devices is more than your organization's plan threshold of 500/);
    expect(words.note).toContain('a second member with the right to move devices must approve it');
    expect(words.note).toContain('can be undone');
  });

  it('says that a deprovision or a command above the threshold makes a plan too, run as one bulk run, with no undo', () => {
    const deprovision = bulkStartWording('deprovision', {
      changeCount: 620,
      planThreshold: 500,
      onStart: 'plan',
    });
    expect(deprovision.confirm).toBe('Save a plan for 620 devices');
    expect(deprovision.note).toContain(
      'a second member with the right to deprovision devices must approve it',
    );
    expect(deprovision.note).toContain('as one bulk run. Deprovisioning cannot be undone.');
    const command = bulkStartWording('command', { changeCount: 620, planThreshold: 500, onStart: 'plan' });
    expect(command.note).toContain('sends the command to each device once');
    expect(command.note).toContain('A device command cannot be undone.');
    expect(command.note).not.toContain('can be undone.');
  });

  it('says nothing more at or under the threshold', () => {
    expect(bulkStartWording('disable', { changeCount: 500, planThreshold: 500, onStart: 'run' })).toEqual({
      note: null,
      confirm: null,
    });
  });
});
