import { useState } from 'react';
import type { ApiTokenCreated } from '@fleetdeck/shared/api-token-contract';
import { roleCan } from '@fleetdeck/shared/permissions';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useMyApiTokens, useOrganizationApiTokens } from '../api/api-tokens.ts';
import { ApiTokenForm } from './api-token-form.tsx';
import { ApiTokenSecret } from './api-token-secret.tsx';
import { ApiTokensList } from './api-tokens-list.tsx';
import { useMyMembership } from './use-my-role.ts';

/**
 * `/settings/api-tokens`: personal tokens for scripts. Every member makes and revokes their own;
 * owners and admins also see and revoke everyone's.
 */
export function ApiTokensSection() {
  const { role, units, userId } = useMyMembership();
  const [created, setCreated] = useState<ApiTokenCreated>();
  const manages = role !== undefined && roleCan(role, 'members.manage');
  const mine = useMyApiTokens();
  const everyone = useOrganizationApiTokens(manages);
  if (!role) return <FormMessage>API tokens belong to members of an organization.</FormMessage>;
  const others = everyone.data?.tokens.filter((token) => token.creator.userId !== userId) ?? [];
  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Create an API token</CardTitle>
          <CardDescription>
            Scripts call the same API as this console with{' '}
            <code className="font-mono">Authorization: Bearer</code> and the token. A token never does more
            than you: its role and units are capped by yours, now and later. It cannot confirm your identity,
            so deprovisioning, wiping, role changes and other actions that ask for a confirmation stay in the
            console.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {created ? <ApiTokenSecret created={created} onDone={() => setCreated(undefined)} /> : null}
          <ApiTokenForm myRole={role} myUnits={units} onCreated={setCreated} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Your API tokens</CardTitle>
          <CardDescription>Revoke a token you no longer use, or one that may have leaked.</CardDescription>
        </CardHeader>
        <CardContent>
          {mine.isPending ? <Skeleton className="h-16 w-full" /> : null}
          {mine.isError ? <FormMessage>{mine.error.message}</FormMessage> : null}
          {mine.data ? <ApiTokensList tokens={mine.data.tokens} label="Your API tokens" /> : null}
        </CardContent>
      </Card>
      {manages ? (
        <Card>
          <CardHeader>
            <CardTitle>Everyone else's tokens</CardTitle>
            <CardDescription>
              Tokens of the other members of your organization. A member who leaves takes their tokens with
              them.
            </CardDescription>
          </CardHeader>
          <CardContent>
            {everyone.isPending ? <Skeleton className="h-16 w-full" /> : null}
            {everyone.isError ? <FormMessage>{everyone.error.message}</FormMessage> : null}
            {everyone.data ? (
              <ApiTokensList tokens={others} label="Other members' API tokens" showCreator />
            ) : null}
          </CardContent>
        </Card>
      ) : null}
    </div>
  );
}
