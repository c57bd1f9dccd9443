import { useState } from 'react';
import type { AccessRequest } from '@fleetdeck/shared/organization-contract';
import { canAssignRole, type MemberRole } from '@fleetdeck/shared/permissions';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useAccessRequests, useDecideAccessRequest } from '../api/access-requests.ts';
import { parseUnits } from './units.ts';
import { RoleSelect, ROLE_LABELS } from './role-select.tsx';

const JOIN_ROLES = ['viewer', 'technician', 'admin'] as const satisfies readonly MemberRole[];

/** Pending access requests, each approved with a role and units, or declined; then recent decisions. */
export function AccessRequestsCard({ myRole, myUnits }: { myRole: MemberRole; myUnits: readonly string[] }) {
  const requests = useAccessRequests(true);
  const pending = requests.data?.requests.filter((request) => request.status === 'pending') ?? [];
  const decided = requests.data?.requests.filter((request) => request.status !== 'pending').slice(0, 5) ?? [];
  return (
    <Card data-testid="access-requests">
      <CardHeader>
        <CardTitle>Access requests{pending.length > 0 ? ` (${pending.length})` : ''}</CardTitle>
        <CardDescription>
          People who signed in and asked to join. Nobody gets access until you approve it, with a role and the
          units they work on.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {requests.isPending ? <Skeleton className="h-16 w-full" /> : null}
        {requests.isError ? <FormMessage>{requests.error.message}</FormMessage> : null}
        {requests.isSuccess && pending.length === 0 ? (
          <p className="text-sm text-muted-foreground">No one is waiting.</p>
        ) : null}
        {pending.map((request) => (
          <PendingRequest key={request.id} request={request} myRole={myRole} myUnits={myUnits} />
        ))}
        {decided.length > 0 ? (
          <div>
            <h3 className="mb-1 text-sm font-semibold">Recently decided</h3>
            <ul className="text-sm text-muted-foreground">
              {decided.map((request) => (
                <li key={request.id}>
                  {request.email}: {request.status}
                  {request.role ? ` as ${ROLE_LABELS[request.role]}` : ''}
                  {request.decidedAt ? `, ${new Date(request.decidedAt).toLocaleDateString()}` : ''}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

function PendingRequest({
  request,
  myRole,
  myUnits,
}: {
  request: AccessRequest;
  myRole: MemberRole;
  myUnits: readonly string[];
}) {
  const decide = useDecideAccessRequest();
  const [role, setRole] = useState<MemberRole>('viewer');
  const [units, setUnits] = useState(myUnits.join(', '));
  const [invalid, setInvalid] = useState<string>();
  const roles = JOIN_ROLES.filter((candidate) => canAssignRole(myRole, candidate));
  const approve = () => {
    const parsed = parseUnits(units);
    setInvalid(parsed.ok ? undefined : parsed.message);
    if (!parsed.ok) return;
    decide.mutate({
      id: request.id,
      approve: { role: role as (typeof JOIN_ROLES)[number], ouScope: parsed.units },
    });
  };
  const label =
    request.name && request.name !== request.email ? `${request.name} (${request.email})` : request.email;
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-border p-3" data-testid="access-request">
      <div>
        <p className="font-medium">{label}</p>
        <p className="text-xs text-muted-foreground">Asked {new Date(request.createdAt).toLocaleString()}</p>
        {request.message ? <p className="mt-1 text-sm">“{request.message}”</p> : null}
      </div>
      <div className="grid gap-3 sm:grid-cols-[auto_1fr] sm:items-start">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`approve-role-${request.id}`} className="text-sm font-medium">
            Role
          </label>
          <RoleSelect
            id={`approve-role-${request.id}`}
            roles={roles}
            value={role}
            onChange={(event) => setRole(event.target.value as MemberRole)}
          />
        </div>
        <Field
          id={`approve-units-${request.id}`}
          label="Units"
          hint={
            myUnits.length > 0
              ? `Within yours: ${myUnits.join(', ')}`
              : 'Empty: every unit Fleetdeck manages.'
          }
          placeholder="/Schools/North"
          value={units}
          onChange={(event) => setUnits(event.target.value)}
        />
      </div>
      {(invalid ?? decide.error) ? <FormMessage>{invalid ?? decide.error?.message}</FormMessage> : null}
      <div className="flex gap-2">
        <Button disabled={decide.isPending} onClick={approve}>
          Approve
        </Button>
        <Button
          variant="secondary"
          disabled={decide.isPending}
          onClick={() => decide.mutate({ id: request.id, decline: true })}
        >
          Decline
        </Button>
      </div>
    </div>
  );
}
