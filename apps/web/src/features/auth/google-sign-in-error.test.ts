import { describe, expect, it } from 'vitest';
import { describeGoogleError } from './google-sign-in-error.ts';

describe('describeGoogleError', () => {
  it('explains a failed Google round trip', () => {
    expect(describeGoogleError(null, null)).toBeUndefined();
    expect(describeGoogleError('access_denied', null)).toMatch(/cancelled/);
    expect(describeGoogleError('workspace_account_required', 'Sign in with a Google Workspace account')).toBe(
      'Sign in with a Google Workspace account',
    );
    expect(describeGoogleError('state_mismatch', null)).toMatch(/\(state_mismatch\)/);
  });
});
