import { describe, expect, it } from 'vitest';
import { orgUnitPathSchema } from './organization-contract.ts';
import { isOrgUnitPath } from './ou-path.ts';

describe('isOrgUnitPath', () => {
  it.each([
    ['/', true],
    ['/Schools', true],
    ['/Schools/North', true],
    ['/Schools/North Elementary/Grade 3', true],
    [`/${'x'.repeat(1023)}`, true],
    ['', false],
    ['Schools', false],
    ['/Schools/', false],
    ['//', false],
    ['/a//b', false],
    [`/${'x'.repeat(1024)}`, false],
  ])('%j is an OU path: %s, for the forms and the contract alike', (path, valid) => {
    expect(isOrgUnitPath(path)).toBe(valid);
    expect(orgUnitPathSchema.safeParse(path).success).toBe(valid);
  });
});
