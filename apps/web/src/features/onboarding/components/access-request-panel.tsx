import { useState, type SyntheticEvent } from 'react';
import { Clock, UserPlus } from 'lucide-react';
import type { MyAccessRequest } from '@fleetdeck/shared/organization-contract';
import { Button } from '../../../components/ui/button.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { useRequestAccess, useWithdrawAccessRequest } from '../api/access-request.ts';
import { SafeTextForm } from '../../../components/ui/safe-text-form.tsx';

type Request = NonNullable<MyAccessRequest['request']>;

/**
 * "Ask for access": being a Google admin of a customer that is set up already, or having an
 * address at its domain, grants nothing by itself. The person asks, with an optional message;
 * owners and admins are emailed and decide; the person is told either way.
 */
export function AskForAccess({ organizationName, intro }: { organizationName?: string; intro?: string }) {
  const ask = useRequestAccess();
  const [message, setMessage] = useState('');
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    ask.mutate(message.trim());
  };
  return (
    <SafeTextForm className="flex flex-col gap-3" onSubmit={submit} data-testid="ask-for-access">
      <p className="text-sm">
        {intro ??
          `${organizationName ?? 'Your organization'} already uses Fleetdeck. Ask for access: an owner or admin chooses your role and the organizational units you work on.`}
      </p>
      <label htmlFor="access-message" className="text-sm font-medium">
        Message to the owners and admins (optional)
      </label>
      <Textarea
        id="access-message"
        maxLength={1000}
        placeholder="e.g. I am the technician for Adams Elementary."
        value={message}
        onChange={(event) => setMessage(event.target.value)}
      />
      {ask.error ? <FormMessage>{ask.error.message}</FormMessage> : null}
      <Button type="submit" className="self-start" disabled={ask.isPending}>
        <UserPlus aria-hidden="true" />
        {ask.isPending ? 'Sending…' : 'Ask for access'}
      </Button>
    </SafeTextForm>
  );
}

/** Where a person's request stands: waiting (with a way to withdraw it), or declined (ask again). */
export function AccessRequestStatus({ request }: { request: Request }) {
  const withdraw = useWithdrawAccessRequest();
  if (request.status === 'pending')
    return (
      <div className="flex flex-col gap-3" data-testid="access-request-pending">
        <p className="flex items-start gap-2 text-sm">
          <Clock className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span>
            You asked to join <strong>{request.organizationName}</strong> on{' '}
            {new Date(request.createdAt).toLocaleString()}. The owners and admins were emailed; you will get
            an email when one of them decides, and this page opens Fleetdeck by itself once you are in.
          </span>
        </p>
        {withdraw.error ? <FormMessage>{withdraw.error.message}</FormMessage> : null}
        <Button
          variant="secondary"
          className="self-start"
          disabled={withdraw.isPending}
          onClick={() => withdraw.mutate()}
        >
          Withdraw my request
        </Button>
      </div>
    );
  if (request.status === 'declined')
    return (
      <div className="flex flex-col gap-3" data-testid="access-request-declined">
        <FormMessage>
          An owner or admin of {request.organizationName} declined your request on{' '}
          {new Date(request.decidedAt ?? request.createdAt).toLocaleDateString()}. If you think this is a
          mistake, ask your IT director, or ask again with a message.
        </FormMessage>
        <AskForAccess organizationName={request.organizationName} intro="Ask again:" />
      </div>
    );
  return null;
}
