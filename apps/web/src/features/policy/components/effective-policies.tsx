import { useMemo, useState } from 'react';
import { SearchX } from 'lucide-react';
import type { EffectivePoliciesResponse, PolicyGroup } from '@fleetdeck/shared/policy-contract';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { useEffectivePolicies, useRefreshEffectivePolicies } from '../api/get-effective-policies.ts';
import { MAX_SEARCH_LENGTH, matchesPolicy, type PolicyFilter } from '../view-state.ts';
import { FetchedAge } from './fetched-age.tsx';
import { isUserLookupError, PolicyErrorPanel } from './policy-error-panel.tsx';
import { NamespacesNote, PoliciesHeading } from './effective-policies-heading.tsx';
import { PolicyGroupCard } from './policy-group-card.tsx';

const FILTERS: ReadonlyArray<readonly [PolicyFilter, string]> = [
  ['all', 'All'],
  ['here', 'Set here only'],
  ['inherited', 'Inherited only'],
];

function FilterButtons({ value, onChange }: { value: PolicyFilter; onChange: (next: PolicyFilter) => void }) {
  return (
    <div role="radiogroup" aria-label="Show" className="inline-flex rounded-md border border-border p-0.5">
      {FILTERS.map(([filter, label]) => (
        <button
          key={filter}
          type="button"
          role="radio"
          aria-checked={value === filter}
          onClick={() => onChange(filter)}
          className={cn(
            'rounded px-3 py-1 text-sm whitespace-nowrap focus-visible:outline-2 focus-visible:outline-ring',
            value === filter ? 'bg-accent text-accent-foreground' : 'text-muted-foreground hover:bg-muted',
          )}
        >
          {label}
        </button>
      ))}
    </div>
  );
}

/**
 * Asks for the unit's policies with the user's settings; when Google does not know (or may not
 * show) that user, the error is kept to explain and the unit's own policies are asked instead.
 */
function usePoliciesForUnit(orgUnitId: string, user: string | undefined) {
  const withUser = useEffectivePolicies(orgUnitId, user, user !== undefined);
  const userError =
    user !== undefined && withUser.isError && isUserLookupError(withUser.error) ? withUser.error : undefined;
  const plain = useEffectivePolicies(orgUnitId, undefined, user === undefined || userError !== undefined);
  const query = user !== undefined && userError === undefined ? withUser : plain;
  const asked = userError === undefined ? user : undefined;
  return { query, asked, userError, retryUser: () => void withUser.refetch() };
}

/** The Refresh button's round trip to Google, with its progress and error. */
function useRefreshPolicies(orgUnitId: string, user: string | undefined) {
  const refresh = useRefreshEffectivePolicies();
  const [refreshing, setRefreshing] = useState(false);
  const [refreshError, setRefreshError] = useState<Error>();
  const onRefresh = () => {
    setRefreshing(true);
    setRefreshError(undefined);
    refresh(orgUnitId, user)
      .catch((error: unknown) => setRefreshError(error instanceof Error ? error : new Error(String(error))))
      .finally(() => setRefreshing(false));
  };
  return { refreshing, refreshError, onRefresh };
}

/** The groups with only the policies that match the search and the filter, empty groups dropped. */
function useMatchingGroups(data: EffectivePoliciesResponse | undefined, text: string, filter: PolicyFilter) {
  const groups = useMemo(
    () =>
      (data?.groups ?? [])
        .map((group) => ({
          ...group,
          policies: group.policies.filter((p) => matchesPolicy(p, text, filter)),
        }))
        .filter((group) => group.policies.length > 0),
    [data, text, filter],
  );
  const total = data?.groups.reduce((sum, group) => sum + group.policies.length, 0) ?? 0;
  const shown = groups.reduce((sum, group) => sum + group.policies.length, 0);
  return { groups, total, shown };
}

/** The search box, the filter and how many policies show. */
function PolicySearchBar({
  text,
  filter,
  shown,
  total,
  onText,
  onFilter,
}: {
  text: string;
  filter: PolicyFilter;
  shown: number;
  total: number;
  onText: (text: string) => void;
  onFilter: (filter: PolicyFilter) => void;
}) {
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
      <Input
        type="search"
        aria-label="Search policies"
        placeholder="Search by policy name or description"
        value={text}
        maxLength={MAX_SEARCH_LENGTH}
        onChange={(event) => onText(event.target.value)}
        className="sm:max-w-sm"
      />
      <FilterButtons value={filter} onChange={onFilter} />
      <p className="text-xs text-muted-foreground sm:ml-auto" aria-live="polite">
        {shown === total ? `${total} policies` : `${shown} of ${total} policies`}
      </p>
    </div>
  );
}

/** Nothing matches the search and filter. */
function NoPolicyMatch({ text, filter }: { text: string; filter: PolicyFilter }) {
  return (
    <EmptyState icon={SearchX} title="No policy matches">
      {text ? `Nothing matches “${text}”` : 'Nothing matches'}
      {filter === 'here'
        ? ' among the policies set on this unit.'
        : filter === 'inherited'
          ? ' among inherited policies.'
          : '.'}
    </EmptyState>
  );
}

/** The matching groups, each folded open or closed by hand. */
function PolicyGroups({ groups, nameUnits }: { groups: readonly PolicyGroup[]; nameUnits: boolean }) {
  const [closed, setClosed] = useState<Set<string>>(new Set());
  const toggle = (category: string, open: boolean) =>
    setClosed((current) => {
      const next = new Set(current);
      if (open) next.add(category);
      else next.delete(category);
      return next;
    });
  return groups.map((group) => {
    const open = !closed.has(group.category);
    return (
      <PolicyGroupCard
        key={group.category}
        group={group}
        open={open}
        nameUnits={nameUnits}
        onToggle={() => toggle(group.category, open)}
      />
    );
  });
}

/** Why: the debugger's main answer, one OU's effective policies by category, searchable. */
export function EffectivePolicies({
  orgUnitId,
  user,
  device,
  q,
  filter,
  onSearch,
  onFilter,
}: {
  orgUnitId: string;
  /** A user's email: user settings then come from the OU of the user's account. */
  user?: string | undefined;
  /** How the chosen device is named in the heading (serial number); an OU's devices otherwise. */
  device?: string | undefined;
  q: string;
  filter: PolicyFilter;
  onSearch: (q: string) => void;
  onFilter: (filter: PolicyFilter) => void;
}) {
  const { query, asked, userError, retryUser } = usePoliciesForUnit(orgUnitId, user);
  const { refreshing, refreshError, onRefresh } = useRefreshPolicies(orgUnitId, asked);
  // Typing is answered at once; the URL follows (navigations are asynchronous).
  const [text, setText] = useState(q);
  const data = query.data;
  const { groups, total, shown } = useMatchingGroups(data, text, filter);

  const userPanel = userError ? (
    <PolicyErrorPanel
      error={userError}
      title={`User settings for ${user ?? ''} could not be shown`}
      onRetry={retryUser}
    />
  ) : null;
  if (query.isError)
    return (
      <div className="flex flex-col gap-4">
        {userPanel}
        <PolicyErrorPanel error={query.error} onRetry={() => void query.refetch()} />
      </div>
    );
  if (!data)
    return (
      <div className="flex flex-col gap-3" aria-busy="true" aria-label="Loading policies">
        {userPanel}
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
    );

  return (
    <div className="flex flex-col gap-4">
      {userPanel}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <PoliciesHeading data={data} device={device} />
          <NamespacesNote data={data} />
        </div>
        <FetchedAge fetchedAt={data.fetchedAt} refreshing={refreshing} onRefresh={onRefresh} />
      </div>
      {refreshError ? <PolicyErrorPanel error={refreshError} onRetry={onRefresh} /> : null}
      <PolicySearchBar
        text={text}
        filter={filter}
        shown={shown}
        total={total}
        onText={(next) => {
          setText(next);
          onSearch(next);
        }}
        onFilter={onFilter}
      />
      {groups.length === 0 ? (
        <NoPolicyMatch text={text} filter={filter} />
      ) : (
        <PolicyGroups groups={groups} nameUnits={data.user !== null} />
      )}
    </div>
  );
}
