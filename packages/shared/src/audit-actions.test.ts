import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_LABELS, auditActionLabel } from './audit-actions.ts';
import { AUDIT_CATEGORIES } from './audit-contract.ts';

const actions = Object.keys(AUDIT_ACTION_LABELS);

describe('AUDIT_ACTION_LABELS', () => {
  it('labels the actions admins meet most in plain words', () => {
    expect(auditActionLabel('mfa.challenge_verified')).toBe('Two-step verification passed');
    expect(auditActionLabel('members.role_changed')).toBe("Member's role changed");
    expect(auditActionLabel('saved_view.created')).toBe('Saved view created');
    expect(auditActionLabel('sync.schedule_changed')).toBe('Sync schedule changed');
    expect(auditActionLabel('fleet.export')).toBe('Fleet exported to CSV');
  });

  it('files every action under a category, so the What filter finds it', () => {
    const prefixes = Object.values(AUDIT_CATEGORIES).flatMap((category) => category.prefixes);
    const uncategorised = actions.filter((action) => !prefixes.some((prefix) => action.startsWith(prefix)));
    expect(uncategorised).toEqual([]);
  });

  it('gives every action a label of its own, never the raw id', () => {
    const labels = Object.values(AUDIT_ACTION_LABELS);
    expect(new Set(labels).size).toBe(labels.length);
    for (const action of actions) expect(auditActionLabel(action)).not.toMatch(/[._]/);
  });
});

describe('auditActionLabel', () => {
  it('turns an id it does not know into readable words', () => {
    expect(auditActionLabel('sync.weekly_report_sent')).toBe('Sync: weekly report sent');
    expect(auditActionLabel('saved_view.shared_with_team')).toBe('Saved view: shared with team');
    expect(auditActionLabel('reports')).toBe('Reports');
    expect(auditActionLabel('')).toBe('');
  });
});
