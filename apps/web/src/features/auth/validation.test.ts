import { describe, expect, it } from 'vitest';
import {
  validateNewPassword,
  validateOtpRecipient,
  validatePasswordSignIn,
  validateResend,
} from './validation.ts';

describe('sign-in validation (seed §5, exact messages)', () => {
  it('password sign-in needs an email and a password', () => {
    const message = 'You must provide either an email or phone number and a password';
    expect(validatePasswordSignIn({ email: '', password: 'x' })).toBe(message);
    expect(validatePasswordSignIn({ email: 'a@b.c', password: '' })).toBe(message);
    expect(validatePasswordSignIn({ email: '  ', password: '  ' })).toBe(message);
    expect(validatePasswordSignIn({ email: 'a@b.c', password: 'secret' })).toBeUndefined();
  });

  it('a one-time code needs a recipient', () => {
    expect(validateOtpRecipient({ email: '' })).toBe('You must provide either an email or phone number.');
    expect(validateOtpRecipient({ email: 'a@b.c' })).toBeUndefined();
  });

  it('a resend needs a recipient and a type', () => {
    const message = 'You must provide either an email or phone number and a type';
    expect(validateResend({ email: 'a@b.c' })).toBe(message);
    expect(validateResend({ email: '', type: 'sign-in' })).toBe(message);
    expect(validateResend({ email: 'a@b.c', type: 'sign-in' })).toBeUndefined();
  });

  it('a new password is long enough and confirmed', () => {
    expect(validateNewPassword('short', 'short')).toMatch(/at least 12/);
    expect(validateNewPassword('long enough pass', 'long enough pas')).toMatch(/do not match/);
    expect(validateNewPassword('long enough pass', 'long enough pass')).toBeUndefined();
  });
});
