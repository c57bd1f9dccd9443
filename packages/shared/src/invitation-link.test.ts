import { describe, expect, it } from 'vitest';
import { INVITATION_TOKEN_CHARS, invitationLinkProblem } from './invitation-link.ts';

describe('invitation link tokens', () => {
  const whole = 'Ab3_-xYz09'.repeat(5).slice(0, INVITATION_TOKEN_CHARS);

  it('takes a whole token as the server mints it (32 bytes in base64url)', () => {
    expect(INVITATION_TOKEN_CHARS).toBe(43);
    expect(invitationLinkProblem(whole)).toBeNull();
  });

  it('tells a missing, a cut-short and an altered token apart', () => {
    expect(invitationLinkProblem('')).toBe('missing');
    expect(invitationLinkProblem(whole.slice(0, 30))).toBe('incomplete');
    expect(invitationLinkProblem('abc')).toBe('incomplete');
    expect(invitationLinkProblem(`${whole}.`)).toBe('altered');
    expect(invitationLinkProblem(`${whole}x`)).toBe('altered');
    expect(invitationLinkProblem('abc def')).toBe('altered');
  });
});
