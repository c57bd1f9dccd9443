import { describe, expect, it } from 'vitest';
import type { MemberRole } from '@fleetdeck/shared/permissions';
import { intersectUnits, narrowToToken } from './api-token-scope.ts';
import type { MemberContext } from './principal.ts';

const creator = (role: MemberRole, units: string[], managed = '/'): MemberContext => ({
  orgId: 'org',
  role,
  customerId: 'C0',
  managedOuPath: managed,
  grantedUnits: units,
  ouPaths: units.length === 0 ? [managed] : units,
  wholeTree: units.length === 0,
});

describe('intersectUnits', () => {
  it('keeps the narrower unit of each overlapping pair, once, whatever the case', () => {
    expect(intersectUnits(['/Schools'], ['/Schools/North', '/Staff'])).toEqual(['/Schools/North']);
    expect(intersectUnits(['/Schools/North/Grade 5'], ['/schools/north'])).toEqual([
      '/Schools/North/Grade 5',
    ]);
    expect(intersectUnits(['/Schools/North'], ['/Schools/North'])).toEqual(['/Schools/North']);
    expect(intersectUnits(['/Schools/Northwood'], ['/Schools/North'])).toEqual([]);
  });
});

describe('narrowToToken', () => {
  it("takes the lower of the token's and the creator's role", () => {
    expect(narrowToToken(creator('owner', []), { role: 'admin', units: [] })?.role).toBe('admin');
    expect(narrowToToken(creator('technician', []), { role: 'admin', units: [] })?.role).toBe('technician');
    expect(narrowToToken(creator('admin', []), { role: 'viewer', units: [] })?.role).toBe('viewer');
  });

  it("limits a whole-tree creator's token to its own units", () => {
    const member = narrowToToken(creator('admin', []), { role: 'viewer', units: ['/Schools/North'] });
    expect(member).toMatchObject({
      ouPaths: ['/Schools/North'],
      grantedUnits: ['/Schools/North'],
      wholeTree: false,
    });
  });

  it("follows the creator's units when they narrow, and refuses once none of the token's are left", () => {
    const narrowed = narrowToToken(creator('admin', ['/Schools/North']), { role: 'admin', units: [] });
    expect(narrowed).toMatchObject({ ouPaths: ['/Schools/North'], wholeTree: false });
    const inside = narrowToToken(creator('admin', ['/Schools/North/Grade 5']), {
      role: 'admin',
      units: ['/Schools/North'],
    });
    expect(inside?.ouPaths).toEqual(['/Schools/North/Grade 5']);
    expect(
      narrowToToken(creator('admin', ['/Schools/South']), { role: 'admin', units: ['/Schools/North'] }),
    ).toBe(undefined);
  });

  it('keeps the managed tree as the outer bound', () => {
    expect(narrowToToken(creator('owner', [], '/Schools'), { role: 'admin', units: [] })).toMatchObject({
      ouPaths: ['/Schools'],
      wholeTree: true,
    });
    expect(narrowToToken(creator('owner', [], '/Schools'), { role: 'admin', units: ['/Staff'] })).toBe(
      undefined,
    );
  });
});
