import { useState } from 'react';
import type { ApiToken } from '@fleetdeck/shared/api-token-contract';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { useRevokeApiToken } from '../api/api-tokens.ts';
import { ROLE_LABELS } from './role-select.tsx';

const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });
const moment = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const STATUS_TONE = { active: 'success', expired: 'warning', revoked: 'neutral' } as const;
const STATUS_LABEL = { active: 'Active', expired: 'Expired', revoked: 'Revoked' } as const;

/** Tokens with their role, units, last use and expiry; active ones revocable (asked twice). */
export function ApiTokensList({
  tokens,
  label,
  showCreator = false,
}: {
  tokens: readonly ApiToken[];
  label: string;
  showCreator?: boolean;
}) {
  const revoke = useRevokeApiToken();
  const [confirming, setConfirming] = useState<string>();
  if (tokens.length === 0) return <p className="text-sm text-muted-foreground">No API tokens yet.</p>;
  return (
    <div className="flex flex-col gap-2">
      {revoke.error ? <FormMessage>{revoke.error.message}</FormMessage> : null}
      <ul className="flex flex-col divide-y divide-border rounded-lg border border-border" aria-label={label}>
        {tokens.map((token) => (
          <li key={token.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-3 py-2.5 text-sm">
            <div className="flex min-w-48 flex-1 flex-col gap-0.5">
              <span className="flex flex-wrap items-center gap-2">
                <span className="font-medium">{token.name}</span>
                <code className="font-mono text-xs text-muted-foreground">{token.prefix}…</code>
                <Badge tone={STATUS_TONE[token.status]}>{STATUS_LABEL[token.status]}</Badge>
              </span>
              <span className="text-xs text-muted-foreground">
                {ROLE_LABELS[token.role]}
                {token.units.length > 0
                  ? ` of ${token.units.join(', ')}`
                  : ', every unit its creator may see'}
                {showCreator ? ` · made by ${token.creator.name || token.creator.email}` : ''}
              </span>
            </div>
            <div className="flex min-w-44 flex-col gap-0.5 text-xs text-muted-foreground">
              <span>
                {token.lastUsedAt
                  ? `Last used ${moment(token.lastUsedAt)}${token.lastUsedIp ? ` from ${token.lastUsedIp}` : ''}`
                  : 'Never used'}
              </span>
              <span>
                {token.status === 'revoked' && token.revokedAt
                  ? `Revoked ${day(token.revokedAt)}`
                  : `${token.status === 'expired' ? 'Expired' : 'Expires'} ${day(token.expiresAt)}`}
              </span>
            </div>
            {token.status === 'active' ? (
              confirming === token.id ? (
                <span className="flex gap-1">
                  <Button
                    variant="danger"
                    size="sm"
                    disabled={revoke.isPending}
                    onClick={() => revoke.mutate(token.id, { onSettled: () => setConfirming(undefined) })}
                  >
                    Revoke now
                  </Button>
                  <Button variant="ghost" size="sm" onClick={() => setConfirming(undefined)}>
                    Keep
                  </Button>
                </span>
              ) : (
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Revoke ${token.name}`}
                  onClick={() => setConfirming(token.id)}
                >
                  Revoke
                </Button>
              )
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
