import { useState } from 'react';
import { roleCan } from '@fleetdeck/shared/permissions';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useAuditEntries, type AuditFilters } from '../api/list-audit-entries.ts';
import { useMyMembership } from './use-my-role.ts';

function AuditTable({ filters }: { filters: AuditFilters }) {
  const audit = useAuditEntries(filters);
  if (audit.isPending) return <Skeleton className="h-40 w-full" />;
  if (audit.isError) return <FormMessage>{audit.error.message}</FormMessage>;
  const entries = audit.data.pages.flatMap((page) => page.entries);
  return (
    <div className="flex flex-col gap-3">
      <div className="overflow-x-auto rounded-lg border border-border">
        <table className="w-full text-left text-sm">
          <thead className="bg-muted text-xs text-muted-foreground">
            <tr>
              <th className="px-3 py-2 font-medium">When</th>
              <th className="px-3 py-2 font-medium">Who</th>
              <th className="px-3 py-2 font-medium">Action</th>
              <th className="px-3 py-2 font-medium">Target</th>
              <th className="px-3 py-2 font-medium">Result</th>
            </tr>
          </thead>
          <tbody>
            {entries.length === 0 ? (
              <tr>
                <td colSpan={5} className="px-3 py-6 text-center text-muted-foreground">
                  Nothing recorded yet.
                </td>
              </tr>
            ) : null}
            {entries.map((entry) => (
              <tr key={entry.id} className="border-t border-border">
                <td className="px-3 py-2 text-xs whitespace-nowrap">
                  {new Date(entry.occurredAt).toLocaleString()}
                </td>
                <td className="px-3 py-2">{entry.actorLabel ?? 'Fleetdeck'}</td>
                <td className="px-3 py-2 font-mono text-xs">{entry.action}</td>
                <td className="px-3 py-2 text-xs">
                  {entry.targetType ? `${entry.targetType} ${entry.targetId ?? ''}` : '—'}
                </td>
                <td className="px-3 py-2">
                  <Badge tone={entry.outcome === 'success' ? 'success' : 'danger'}>{entry.outcome}</Badge>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {audit.hasNextPage ? (
        <Button
          variant="secondary"
          className="self-start"
          disabled={audit.isFetchingNextPage}
          onClick={() => void audit.fetchNextPage()}
        >
          {audit.isFetchingNextPage ? 'Loading…' : 'Load more'}
        </Button>
      ) : null}
    </div>
  );
}

/** `/settings/audit`: every change made through Fleetdeck, newest first. */
export function AuditLogSection() {
  const { role } = useMyMembership();
  const [outcome, setOutcome] = useState<'' | 'success' | 'failure'>('');
  return (
    <Card>
      <CardHeader>
        <CardTitle>Audit log</CardTitle>
        <CardDescription>
          Sign-ins, role changes, setup and device actions: who, what, when, and the result.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {roleCan(role, 'audit.read') ? (
          <>
            <label className="flex items-center gap-2 self-start text-sm">
              Result
              <select
                className="h-8 rounded-md border border-input bg-surface px-2 text-sm"
                value={outcome}
                onChange={(event) => setOutcome(event.target.value as '' | 'success' | 'failure')}
              >
                <option value="">All</option>
                <option value="success">Success</option>
                <option value="failure">Failure</option>
              </select>
            </label>
            <AuditTable filters={outcome ? { outcome } : {}} />
          </>
        ) : (
          <p className="text-sm text-muted-foreground">Only owners and admins read the audit log.</p>
        )}
      </CardContent>
    </Card>
  );
}
