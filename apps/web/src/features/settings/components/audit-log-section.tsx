import { useSearchParams } from 'react-router';
import { auditActionLabel } from '@fleetdeck/shared/audit-actions';
import type { AuditEntry } from '@fleetdeck/shared/audit-contract';
import { roleCan } from '@fleetdeck/shared/permissions';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useAuditEntries, type AuditFilters } from '../api/list-audit-entries.ts';
import {
  AuditFilters as AuditFilterBar,
  dayStart,
  readAuditFilters,
  writeAuditFilters,
} from './audit-filters.tsx';
import { useMyMembership } from './use-my-role.ts';

/** What an action was done to, in words: the invited address rather than an invitation's id. */
function targetText(entry: AuditEntry): string {
  const email = entry.details['email'];
  if (typeof email === 'string' && email !== '') return email;
  if (entry.targetType === 'organization') return 'Organization';
  if (!entry.targetType) return '—';
  return `${entry.targetType.replaceAll('_', ' ')} ${entry.targetId ?? ''}`.trim();
}

function AuditTable({ filters, filtered }: { filters: AuditFilters; filtered: boolean }) {
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
                  {filtered ? 'Nothing matches these filters.' : 'Nothing recorded yet.'}
                </td>
              </tr>
            ) : null}
            {entries.map((entry) => (
              <tr key={entry.id} className="border-t border-border">
                <td className="px-3 py-2 text-xs whitespace-nowrap">
                  {new Date(entry.occurredAt).toLocaleString()}
                </td>
                <td className="px-3 py-2">{entry.actorLabel ?? 'Fleetdeck'}</td>
                <td className="px-3 py-2" title={entry.action}>
                  <span className="block">{auditActionLabel(entry.action)}</span>
                  <span className="block font-mono text-xs text-muted-foreground">{entry.action}</span>
                </td>
                <td className="px-3 py-2 text-xs break-all">{targetText(entry)}</td>
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

/** `/settings/audit`: every change made through Fleetdeck, newest first, narrowed by the URL's filters. */
export function AuditLogSection() {
  const { role } = useMyMembership();
  const [params, setParams] = useSearchParams();
  const values = readAuditFilters(params);
  const filters: AuditFilters = {
    ...(values.category ? { category: values.category } : {}),
    ...(values.actorUserId ? { actorUserId: values.actorUserId } : {}),
    ...(values.fromDay ? { from: dayStart(values.fromDay) } : {}),
    ...(values.toDay ? { to: dayStart(values.toDay, true) } : {}),
    ...(values.outcome ? { outcome: values.outcome } : {}),
  };
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
            <AuditFilterBar
              values={values}
              onChange={(next) => setParams(writeAuditFilters(next), { replace: true })}
            />
            <AuditTable filters={filters} filtered={Object.keys(filters).length > 0} />
          </>
        ) : (
          <p className="text-sm text-muted-foreground">Only owners and admins read the audit log.</p>
        )}
      </CardContent>
    </Card>
  );
}
