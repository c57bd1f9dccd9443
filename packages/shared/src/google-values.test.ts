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

  it('writes hyphenated terms with their hyphen', () => {
    expect(humanizeGoogleValue('PRE_PROVISIONED')).toBe('Pre-provisioned');
    expect(humanizeGoogleValue('preProvisioned')).toBe('Pre-provisioned');
    expect(humanizeGoogleValue('AUTO_UPDATE_EXPIRED')).toBe('Auto-update expired');
    expect(humanizeGoogleValue('WI_FI')).toBe('Wi-Fi');
    expect(humanizeGoogleValue('PROVISIONED')).toBe('Provisioned');
  });
});
