import { Button } from '../../../components/ui/button.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { useInvitations } from '../api/list-invitations.ts';
import { useRevokeInvitation } from '../api/revoke-invitation.ts';
import { ROLE_LABELS } from './role-select.tsx';

/** Invitations not yet accepted, each revocable. */
export function InvitationsList() {
  const invitations = useInvitations(true);
  const revoke = useRevokeInvitation();
  if (invitations.isPending) return null;
  if (invitations.isError) return <FormMessage>{invitations.error.message}</FormMessage>;
  const pending = invitations.data.invitations.filter((invitation) => invitation.status === 'pending');
  if (pending.length === 0) return <p className="text-sm text-muted-foreground">No pending invitations.</p>;
  return (
    <ul
      className="flex flex-col divide-y divide-border rounded-lg border border-border"
      aria-label="Pending invitations"
    >
      {pending.map((invitation) => (
        <li key={invitation.id} className="flex flex-wrap items-center gap-3 px-3 py-2 text-sm">
          <span className="min-w-0 flex-1 truncate font-medium">{invitation.email}</span>
          <span className="text-muted-foreground">
            {ROLE_LABELS[invitation.role]}
            {invitation.ouScope.length > 0 ? ` of ${invitation.ouScope.join(', ')}` : ''}
          </span>
          <span className="text-xs text-muted-foreground">
            expires {new Date(invitation.expiresAt).toLocaleDateString()}
          </span>
          <Button
            variant="ghost"
            size="sm"
            disabled={revoke.isPending}
            onClick={() => revoke.mutate(invitation.id)}
          >
            Revoke
          </Button>
        </li>
      ))}
    </ul>
  );
}
