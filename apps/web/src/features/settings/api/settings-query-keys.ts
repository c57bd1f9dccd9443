/**
 * Why: one place names every cached query of the settings pages (the audit log, API tokens, the
 * Google connection, the team, linked accounts, two-factor), so a change invalidates the right ones.
 */
export const settingsKeys = {
  audit: ['audit'] as const,
  auditEntries: <F extends object>(filters: F) => ['audit', filters] as const,
  auditRetention: ['audit', 'retention'] as const,
  /** Under the plans' own keys: a change to the plan refreshes the title the audit filter shows. */
  planTitle: (planId: string) => ['plans', 'detail', planId, 'title'] as const,
  apiTokens: ['api-tokens'] as const,
  myApiTokens: ['api-tokens', 'mine'] as const,
  organizationApiTokens: ['api-tokens', 'organization'] as const,
  googleConnection: ['settings', 'google-connection'] as const,
  googleGrant: ['settings', 'google-grant'] as const,
  members: ['organization', 'members'] as const,
  invitations: ['organization', 'invitations'] as const,
  accessRequests: ['organization', 'access-requests'] as const,
  autoJoin: ['organization', 'auto-join'] as const,
  accounts: ['identity', 'accounts'] as const,
  totpQrCode: (totpURI: string) => ['two-factor', 'qr-code', totpURI] as const,
};
