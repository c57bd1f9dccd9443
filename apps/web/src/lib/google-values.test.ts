import { describe, expect, it } from 'vitest';
import { humanizeGoogleValue } from './google-values.ts';

describe('humanizeGoogleValue', () => {
  it('reads enum values as words, without the prefix their field already says', () => {
    expect(humanizeGoogleValue('DEPROVISIONED')).toBe('Deprovisioned');
    expect(humanizeGoogleValue('UPDATE_REQUIRED')).toBe('Update required');
    expect(humanizeGoogleValue('BATTERY_HEALTH_NORMAL')).toBe('Normal');
    expect(humanizeGoogleValue('BATTERY_REPLACE_SOON')).toBe('Replace soon');
    expect(humanizeGoogleValue('BATTERY_REPLACE_NOW')).toBe('Replace now');
    expect(humanizeGoogleValue('notCompliant')).toBe('Not compliant');
    expect(humanizeGoogleValue('chromeOsFlex')).toBe('ChromeOS Flex');
  });
});
