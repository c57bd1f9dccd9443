import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useAuthSession } from '../../../lib/auth/use-auth-session.ts';
import { useAccounts } from '../api/list-accounts.ts';
import { useLinkGoogle } from '../api/link-google.ts';
import { useUnlinkAccount } from '../api/unlink-account.ts';

const PROVIDER_LABELS: Record<string, string> = {
  google: 'Google',
  credential: 'Email and password',
  'email-otp': 'Email code',
};

/** The identities this user signs in with; link Google, unlink any but the last. */
export function IdentitiesCard() {
  const { session } = useAuthSession();
  const accounts = useAccounts();
  const link = useLinkGoogle();
  const unlink = useUnlinkAccount();
  // Email codes are not a linked account: they always work for the address, so they get their own row.
  const list = (accounts.data ?? []).filter((account) => account.providerId !== 'email-otp');
  const hasGoogle = list.some((account) => account.providerId === 'google');
  const error = link.error ?? unlink.error ?? accounts.error;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Sign-in methods</CardTitle>
        <CardDescription>
          Identities linked to your account. Email codes always work for your address.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {error ? <FormMessage>{error.message}</FormMessage> : null}
        {accounts.isPending ? (
          <Skeleton className="h-12 w-full" />
        ) : (
          <ul
            className="flex flex-col divide-y divide-border rounded-lg border border-border"
            aria-label="Linked identities"
          >
            <li className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm">
              <span className="flex-1 font-medium">Email code</span>
              <span className="text-xs break-all text-muted-foreground">
                {session?.user.email ? `to ${session.user.email}, ` : ''}always available
              </span>
            </li>
            {list.map((account) => (
              <li key={account.id} className="flex items-center gap-3 px-3 py-2 text-sm">
                <span className="flex-1 font-medium">
                  {PROVIDER_LABELS[account.providerId] ?? account.providerId}
                </span>
                <span className="text-xs text-muted-foreground">
                  since {new Date(account.createdAt).toLocaleDateString()}
                </span>
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={list.length < 2 || unlink.isPending}
                  title={list.length < 2 ? 'The last linked account cannot be removed.' : undefined}
                  onClick={() =>
                    unlink.mutate({ providerId: account.providerId, accountId: account.accountId })
                  }
                >
                  Unlink
                </Button>
              </li>
            ))}
          </ul>
        )}
        {!hasGoogle && !accounts.isPending ? (
          <Button
            variant="secondary"
            className="self-start"
            disabled={link.isPending}
            onClick={() => link.mutate()}
          >
            Link Google account
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}
