import { describe, expect, it } from 'vitest';
import {
  comparePoliciesQuerySchema,
  deviceLookupQuerySchema,
  effectivePoliciesQuerySchema,
  movePreviewQuerySchema,
} from './policy-contract.ts';

describe('policy contract', () => {
  it('accepts Google OU ids with or without id:, and reads refresh=1', () => {
    expect(effectivePoliciesQuerySchema.parse({ orgUnitId: 'id:03ph8a2z1', refresh: '1' })).toEqual({
      orgUnitId: 'id:03ph8a2z1',
      refresh: true,
    });
    expect(effectivePoliciesQuerySchema.parse({ orgUnitId: '03ph8a2z1' }).refresh).toBe(false);
  });

  it('refuses malformed and oversized input', () => {
    expect(effectivePoliciesQuerySchema.safeParse({ orgUnitId: "x'; drop" }).success).toBe(false);
    expect(effectivePoliciesQuerySchema.safeParse({ orgUnitId: 'a'.repeat(101) }).success).toBe(false);
    expect(effectivePoliciesQuerySchema.safeParse({ orgUnitId: 'a', refresh: 'yes' }).success).toBe(false);
    expect(comparePoliciesQuerySchema.safeParse({ a: 'id:a' }).success).toBe(false);
    expect(movePreviewQuerySchema.safeParse({ deviceId: '../x', targetOrgUnitId: 'id:a' }).success).toBe(
      false,
    );
  });

  it('takes exactly one device lookup key', () => {
    expect(deviceLookupQuerySchema.parse({ serial: ' 5CD123 ' })).toEqual({ serial: '5CD123' });
    expect(deviceLookupQuerySchema.safeParse({}).success).toBe(false);
    expect(deviceLookupQuerySchema.safeParse({ serial: 'a', assetId: 'b' }).success).toBe(false);
    expect(deviceLookupQuerySchema.safeParse({ q: 'x'.repeat(201) }).success).toBe(false);
  });
});
