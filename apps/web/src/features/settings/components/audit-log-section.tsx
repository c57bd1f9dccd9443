import { useSearchParams } from 'react-router';
import { auditActionLabel } from '@fleetdeck/shared/audit-actions';
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
import { DetailsCell, TargetCell, WhoCell } from './audit-entry-cells.tsx';
import { AuditRetentionSetting, AuditTools } from './audit-tools.tsx';
import { useMyMembership } from './use-my-role.ts';
import { ScrollRegion } from '../../../components/ui/scroll-region.tsx';

function AuditTable({ filters, filtered }: { filters: AuditFilters; filtered: boolean }) {
  const audit = useAuditEntries(filters);
  if (audit.isPending) return <Skeleton className="h-40 w-full" />;
  if (audit.isError) return <FormMessage>{audit.error.message}</FormMessage>;
  const entries = audit.data.pages.flatMap((page) => page.entries);
  return (
    <div className="flex flex-col gap-3">
      <ScrollRegion label="Audit log entries" className="overflow-x-auto rounded-lg border border-border">
        <table className="w-full text-left text-sm">
          <thead className="bg-muted text-xs text-muted-foreground">
            <tr>
              <th className="px-3 py-2 font-medium">When</th>
              <th className="px-3 py-2 font-medium">Who</th>
              <th className="px-3 py-2 font-medium">Action</th>
              <th className="px-3 py-2 font-medium">Target</th>
              <th className="px-3 py-2 font-medium">Details</th>
              <th className="px-3 py-2 font-medium">Result</th>
            </tr>
          </thead>
          <tbody>
            {entries.length === 0 ? (
              <tr>
                <td colSpan={6} className="px-3 py-6 text-center text-muted-foreground">
                  {filtered ? 'Nothing matches these filters.' : 'Nothing recorded yet.'}
                </td>
              </tr>
            ) : null}
            {entries.map((entry) => (
              <tr key={entry.id} className="border-t border-border">
                <td className="px-3 py-2 text-xs whitespace-nowrap">
                  {new Date(entry.occurredAt).toLocaleString()}
                </td>
                <td className="px-3 py-2" data-testid="audit-who">
                  <WhoCell entry={entry} />
                </td>
                <td className="px-3 py-2" title={entry.action}>
                  <span className="block">{auditActionLabel(entry.action)}</span>
                  <span className="block font-mono text-xs text-muted-foreground">{entry.action}</span>
                </td>
                <td className="px-3 py-2" data-testid="audit-target">
                  <TargetCell entry={entry} />
                </td>
                <td className="max-w-xs px-3 py-2 text-xs">
                  <DetailsCell entry={entry} />
                </td>
                <td className="px-3 py-2">
                  <Badge tone={entry.outcome === 'success' ? 'success' : 'danger'}>{entry.outcome}</Badge>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
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
    ...(values.action ? { action: values.action } : {}),
    ...(values.actorUserId ? { actorUserId: values.actorUserId } : {}),
    ...(values.target ? { target: values.target } : {}),
    ...(values.fromDay ? { from: dayStart(values.fromDay) } : {}),
    ...(values.toDay ? { to: dayStart(values.toDay, true) } : {}),
    ...(values.outcome ? { outcome: values.outcome } : {}),
    ...(values.planId ? { planId: values.planId } : {}),
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Audit log</CardTitle>
        <CardDescription>
          Sign-ins, role changes, setup and device actions: who, what, when, and the result. Each entry
          carries a hash of itself and of the one before, so a changed or deleted entry is found by Verify.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {roleCan(role, 'audit.read') ? (
          <>
            <AuditFilterBar
              values={values}
              onChange={(next) => setParams(writeAuditFilters(next), { replace: true })}
            />
            <AuditTools filters={filters} />
            <AuditTable filters={filters} filtered={Object.keys(filters).length > 0} />
            <AuditRetentionSetting canEdit={role === 'owner'} />
          </>
        ) : (
          <p className="text-sm text-muted-foreground">Only owners and admins read the audit log.</p>
        )}
      </CardContent>
    </Card>
  );
}
