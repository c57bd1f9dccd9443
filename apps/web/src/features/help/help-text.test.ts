import { describe, expect, it } from 'vitest';
import { TILE_KEYS } from '@fleetdeck/shared/dashboard-contract';
import { MEMBER_ROLES, PERMISSIONS } from '@fleetdeck/shared/permissions';
import { PERMISSION_WORDS, ROLE_WORDS, TILE_WORDS } from './help-text.ts';

describe('help text', () => {
  it('says what every role, permission and dashboard tile is, with no words for ones that are gone', () => {
    expect(Object.keys(ROLE_WORDS).toSorted()).toEqual([...MEMBER_ROLES].toSorted());
    expect(Object.keys(PERMISSION_WORDS).toSorted()).toEqual([...PERMISSIONS].toSorted());
    expect(Object.keys(TILE_WORDS).toSorted()).toEqual([...TILE_KEYS].toSorted());
    for (const text of [...Object.values(PERMISSION_WORDS), ...Object.values(TILE_WORDS)])
      expect(text.length).toBeGreaterThan(10);
  });
});
