import { describe, expect, it } from 'vitest';
import { attachmentName } from './export-pasted-list.ts';

describe('pasted list export', () => {
  it('takes the file name the server gives, and nothing that is not a plain name', () => {
    expect(attachmentName('attachment; filename="fleet-pasted-20-devices.csv"')).toBe(
      'fleet-pasted-20-devices.csv',
    );
    expect(attachmentName('attachment; filename="../../etc/passwd"')).toBe('fleet-pasted-devices.csv');
    expect(attachmentName(null)).toBe('fleet-pasted-devices.csv');
  });
});
