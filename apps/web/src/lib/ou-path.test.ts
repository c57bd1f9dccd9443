import { describe, expect, it } from 'vitest';
import { orgUnitPathSchema } from '@fleetdeck/shared/organization-contract';
import { isOrgUnitPath } from './ou-path.ts';

describe('isOrgUnitPath', () => {
  it.each([
    '/',
    '/Schools',
    '/Schools/North',
    '/Schools/North Elementary/Grade 3',
    '',
    'Schools',
    '/Schools/',
    '//',
    '/a//b',
    `/${'x'.repeat(1023)}`,
    `/${'x'.repeat(1024)}`,
  ])('agrees with the shared contract on %j', (path) => {
    expect(isOrgUnitPath(path)).toBe(orgUnitPathSchema.safeParse(path).success);
  });
});
