import { describe, expect, it } from 'vitest';
import { API_TOKEN_PATTERN, lowerRole, tokenRolesFor } from './api-tokens.ts';

describe('API token roles', () => {
  it('offers a member their own role and those below it, never owner', () => {
    expect(tokenRolesFor('owner')).toEqual(['admin', 'technician', 'viewer']);
    expect(tokenRolesFor('admin')).toEqual(['admin', 'technician', 'viewer']);
    expect(tokenRolesFor('technician')).toEqual(['technician', 'viewer']);
    expect(tokenRolesFor('viewer')).toEqual(['viewer']);
  });

  it('takes the lower of two roles, whichever comes first', () => {
    expect(lowerRole('admin', 'viewer')).toBe('viewer');
    expect(lowerRole('viewer', 'admin')).toBe('viewer');
    expect(lowerRole('technician', 'owner')).toBe('technician');
  });

  it('recognises the token format: fdk_ and 43 base64url characters', () => {
    expect(API_TOKEN_PATTERN.test(`fdk_${'a'.repeat(43)}`)).toBe(true);
    expect(API_TOKEN_PATTERN.test(`fdk_${'a'.repeat(42)}`)).toBe(false);
    expect(API_TOKEN_PATTERN.test(`fdk_${'a'.repeat(42)}+`)).toBe(false);
    expect(API_TOKEN_PATTERN.test('eyJhbGciOi.x.y')).toBe(false);
  });
});
