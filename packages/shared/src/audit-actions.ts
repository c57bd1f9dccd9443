/**
 * Every action the audit log records, in the words an IT admin reads in Settings → Audit log. The
 * server types its audit events with these ids, so an action without a label does not compile.
 * Plain data: safe for the first-load bundle.
 */
export const AUDIT_ACTION_LABELS = {
  'auth.sign_in': 'Signed in',
  'auth.sign_up': 'Account created',
  'auth.sign_out': 'Signed out',
  'auth.sign_out_others': 'Signed out other sessions',
  'auth.sign_out_everywhere': 'Signed out everywhere',
  'auth.session_revoked': 'Session ended',
  'auth.password_changed': 'Password changed',
  'auth.password_reset_requested': 'Password reset requested',
  'auth.password_reset': 'Password reset',
  'auth.step_up': 'Identity confirmed for a sensitive action',
  'api_token.created': 'API token created',
  'api_token.revoked': 'API token revoked',
  'api_token.used': 'API token used from a new address',
  'mfa.enrollment_started': 'Two-step verification setup started',
  'mfa.enabled': 'Two-step verification turned on',
  'mfa.disabled': 'Two-step verification turned off',
  'mfa.challenge_verified': 'Two-step verification passed',
  'mfa.challenge_failed': 'Two-step verification failed',
  'mfa.backup_codes_regenerated': 'New backup codes created',
  'identity.link_started': 'Google account linking started',
  'identity.unlinked': 'Google account unlinked',
  'google.reconsent_required': 'Google access lost (reconnect needed)',
  'members.invited': 'Member invited',
  'members.invitation_revoked': 'Invitation withdrawn',
  'members.invitation_accepted': 'Invitation accepted',
  'members.role_changed': "Member's role changed",
  'members.removed': 'Member removed',
  'members.left': 'Left the organization',
  'members.ownership_transferred': 'Ownership transferred',
  'access.requested': 'Access requested',
  'access.request_withdrawn': 'Access request withdrawn',
  'access.approved': 'Access request approved',
  'access.declined': 'Access request declined',
  'access.auto_joined': 'Joined automatically (verified address at an allowed domain)',
  'access.auto_join_changed': 'Automatic joining changed',
  'access.denied': 'Joining refused (no invitation or approved request)',
  'onboarding.connected': 'Google Workspace connected',
  'onboarding.ou_scope_set': 'Organizational units chosen',
  'onboarding.completed': 'Setup completed',
  'sync.started': 'Sync started',
  'sync.schedule_changed': 'Sync schedule changed',
  'device.annotate': 'Device details edited',
  'device.move': 'Device moved to another OU',
  'device.disable': 'Device disabled',
  'device.reenable': 'Device re-enabled',
  'device.deprovision': 'Device deprovisioned',
  'device.command': 'Command sent to device',
  'bulk.annotate': 'Bulk edit of device details started',
  'bulk.move': 'Bulk move to another OU started',
  'bulk.disable': 'Bulk disable started',
  'bulk.reenable': 'Bulk re-enable started',
  'bulk.deprovision': 'Bulk deprovision started',
  'bulk.command': 'Bulk command started',
  'bulk.retry': 'Bulk action retried for failed devices',
  'bulk.finish': 'Bulk action finished',
  'plan.created': 'Change plan created',
  'plan.submitted': 'Change plan sent for approval',
  'plan.approved': 'Change plan approved',
  'plan.approval_refused': 'Change plan approval refused',
  'plan.cancelled': 'Change plan cancelled',
  'plan.threshold_changed': 'Change plan approval threshold changed',
  'policy.refresh': 'Policies reloaded from Google',
  'policy.return_message': 'Disabled-device return message changed',
  'policy.return_message_inherited': "Disabled-device return message set back to the parent unit's",
  'fleet.export': 'Fleet exported to CSV',
  'saved_view.created': 'Saved view created',
  'saved_view.updated': 'Saved view changed',
  'saved_view.deleted': 'Saved view deleted',
  'dashboard.replacement_costs.update': 'Replacement costs changed',
  'audit.exported': 'Audit log exported to CSV',
  'audit.verified': 'Audit log checked for tampering',
  'audit.retention_changed': 'Audit log retention changed',
  'audit.retention_deleted': 'Old audit entries deleted (retention)',
} as const satisfies Record<string, string>;
export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;

/**
 * Why: entries written before an action was catalogued (or by a newer server) still read as words:
 * `sync.weekly_report_sent` → "Sync: weekly report sent".
 */
export function auditActionLabel(action: string): string {
  const known = (AUDIT_ACTION_LABELS as Record<string, string>)[action];
  if (known !== undefined) return known;
  const words = action.split('.').map((part) => part.replaceAll('_', ' ').trim());
  const [area = '', ...rest] = words.filter((word) => word !== '');
  if (area === '') return action;
  const head = area.charAt(0).toUpperCase() + area.slice(1);
  return rest.length === 0 ? head : `${head}: ${rest.join(' ')}`;
}
