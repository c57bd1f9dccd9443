import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InvitationPreview } from '@fleetdeck/shared/organization-contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { invitationKeys } from './invitation-query-keys.ts';

/** `GET /api/invitations/preview?token=`: the organization, role and inviter behind a link. */
export function getInvitationPreview(token: string): Promise<InvitationPreview> {
  return apiFetch<InvitationPreview>(`/api/invitations/preview?token=${encodeURIComponent(token)}`);
}

export const invitationPreviewQuery = (token: string) =>
  queryOptions({
    queryKey: invitationKeys.preview(token),
    queryFn: () => getInvitationPreview(token),
  });

/**
 * Why: the accept page says what the link joins before the button is pressed; a link without a
 * whole token (`enabled` false) is explained by the page and not sent.
 */
export function useInvitationPreview(token: string, enabled: boolean) {
  return useQuery({ ...invitationPreviewQuery(token), enabled });
}
