import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { useLeaveOrganization } from '../api/team-changes.ts';

/** Leaving the organization (the only owner transfers ownership first; the server says so). */
export function LeaveOrganization() {
  const leave = useLeaveOrganization();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Leave the organization</CardTitle>
        <CardDescription>
          You lose access at once. To come back, ask for access or for an invitation.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {leave.error ? <FormMessage>{leave.error.message}</FormMessage> : null}
        <Button
          variant="secondary"
          className="self-start"
          disabled={leave.isPending}
          onClick={() => {
            if (window.confirm('Leave the organization? You lose access to its devices at once.'))
              leave.mutate(undefined, { onSuccess: () => window.location.assign('/onboarding') });
          }}
        >
          Leave organization
        </Button>
      </CardContent>
    </Card>
  );
}
