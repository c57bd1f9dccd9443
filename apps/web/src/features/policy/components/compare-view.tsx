import { useState } from 'react';
import { ArrowLeftRight, Equal } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import type { ComparePoliciesResponse, PolicyOrgUnit } from '@fleetdeck/shared/policy-contract';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { comparePolicies, comparePoliciesQuery, useComparePolicies } from '../api/compare-policies.ts';
import { FetchedAge } from './fetched-age.tsx';
import { OrgUnitSelect } from './org-unit-select.tsx';
import { PolicyDiffList } from './policy-diff-list.tsx';
import { PolicyErrorPanel } from './policy-error-panel.tsx';

type CompareChange = (next: {
  compare?: string | undefined;
  with?: string | undefined;
  showAll?: boolean;
}) => void;

/** Refresh asks Google again for both units (bypassing the server's cache), with progress and error. */
function useRefreshComparison(a: string | undefined, b: string | undefined) {
  const client = useQueryClient();
  const [refreshing, setRefreshing] = useState(false);
  const [refreshError, setRefreshError] = useState<Error>();
  const onRefresh = () => {
    if (!a || !b) return;
    setRefreshing(true);
    setRefreshError(undefined);
    client
      .query({ ...comparePoliciesQuery(a, b), queryFn: () => comparePolicies(a, b, true), staleTime: 0 })
      .catch((error: unknown) => setRefreshError(error instanceof Error ? error : new Error(String(error))))
      .finally(() => setRefreshing(false));
  };
  return { refreshing, refreshError, onRefresh };
}

/** The two unit pickers with a swap button between them. */
function ComparePickers({
  units,
  a,
  b,
  onChange,
}: {
  units: readonly PolicyOrgUnit[];
  a: string | undefined;
  b: string | undefined;
  onChange: CompareChange;
}) {
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-border bg-surface p-4 shadow-card sm:flex-row sm:items-end">
      <OrgUnitSelect
        id="compare-a"
        label="Compare"
        units={units}
        value={a}
        exclude={b}
        onChange={(id) => onChange({ compare: id })}
      />
      <Button
        variant="ghost"
        size="icon"
        aria-label="Swap units"
        disabled={!a || !b}
        onClick={() => onChange({ compare: b, with: a })}
        className="self-center sm:self-end"
      >
        <ArrowLeftRight aria-hidden="true" />
      </Button>
      <OrgUnitSelect
        id="compare-b"
        label="With"
        units={units}
        value={b}
        exclude={a}
        onChange={(id) => onChange({ with: id })}
      />
    </div>
  );
}

/** How many policies differ, the "show identical" switch, and the rows side by side. */
function ComparisonResult({
  data,
  showAll,
  refresh,
  onChange,
}: {
  data: ComparePoliciesResponse;
  showAll: boolean;
  refresh: ReturnType<typeof useRefreshComparison>;
  onChange: CompareChange;
}) {
  const rows = showAll ? data.rows : data.rows.filter((row) => row.differs);
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <h2 className="text-base font-semibold" data-testid="compare-summary">
            {data.differences === 0
              ? 'No differences'
              : `${data.differences} ${data.differences === 1 ? 'policy differs' : 'policies differ'}`}
          </h2>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={showAll}
              onChange={(event) => onChange({ showAll: event.target.checked })}
              className="size-4 accent-[var(--color-accent)]"
            />
            Show identical policies too
          </label>
        </div>
        <FetchedAge
          fetchedAt={data.fetchedAt}
          refreshing={refresh.refreshing}
          onRefresh={refresh.onRefresh}
        />
      </div>
      {refresh.refreshError ? (
        <PolicyErrorPanel error={refresh.refreshError} onRetry={refresh.onRefresh} />
      ) : null}
      {rows.length === 0 ? (
        <EmptyState icon={Equal} title="Same effective policies">
          Every resolved policy has the same value in {data.a.path} and {data.b.path}.
        </EmptyState>
      ) : (
        <PolicyDiffList
          rows={rows}
          aHeading={data.a.path}
          bHeading={data.b.path}
          aPath={data.a.path}
          bPath={data.b.path}
          label={`Policies of ${data.a.path} and ${data.b.path}`}
        />
      )}
    </>
  );
}

/** Why: "why does this school behave differently from that one?" answered side by side. */
export function CompareView({
  units,
  a,
  b,
  showAll,
  onChange,
}: {
  units: readonly PolicyOrgUnit[];
  a: string | undefined;
  b: string | undefined;
  showAll: boolean;
  onChange: CompareChange;
}) {
  const query = useComparePolicies(a, b);
  const refresh = useRefreshComparison(a, b);
  const data = query.data;
  return (
    <div className="flex flex-col gap-4">
      <ComparePickers units={units} a={a} b={b} onChange={onChange} />
      {!a || !b ? (
        <EmptyState icon={ArrowLeftRight} title="Pick two units to compare">
          Fleetdeck resolves both units&apos; effective policies and highlights every value that differs.
        </EmptyState>
      ) : query.isError ? (
        <PolicyErrorPanel error={query.error} onRetry={() => void query.refetch()} />
      ) : !data ? (
        <div className="flex flex-col gap-3" aria-busy="true" aria-label="Loading comparison">
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-64 w-full" />
        </div>
      ) : (
        <ComparisonResult data={data} showAll={showAll} refresh={refresh} onChange={onChange} />
      )}
    </div>
  );
}
