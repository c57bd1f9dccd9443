/** Why: one place names every cached query of the invitation pages. */
export const invitationKeys = {
  preview: (token: string) => ['invitations', 'preview', token] as const,
};
