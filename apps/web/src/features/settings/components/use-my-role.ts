import type { MemberRole } from '@fleetdeck/shared/permissions';
import { useAuthSession } from '../../../lib/auth/use-auth-session.ts';

/** Why: every settings section gates its actions by the signed-in member's role. */
export function useMyMembership(): {
  role: MemberRole | undefined;
  userId: string | undefined;
  units: readonly string[];
} {
  const { session } = useAuthSession();
  return {
    role: session?.user.organization?.role,
    userId: session?.user.id,
    units: session?.user.organization?.units ?? [],
  };
}
