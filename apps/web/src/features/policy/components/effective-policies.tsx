import { useMemo, useState } from 'react';
import { ChevronRight, SearchX } from 'lucide-react';
import type { EffectivePoliciesResponse } from '@fleetdeck/shared/policy-contract';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { useEffectivePolicies, useRefreshEffectivePolicies } from '../api/get-effective-policies.ts';
import { MAX_SEARCH_LENGTH, matchesPolicy, type PolicyFilter } from '../view-state.ts';
import { FetchedAge } from './fetched-age.tsx';
import { isUserLookupError, PolicyErrorPanel } from './policy-error-panel.tsx';
import { PolicyRow } from './policy-row.tsx';

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

function NamespacesNote({ data }: { data: EffectivePoliciesResponse }) {
  const included = data.namespaces.filter((item) => item.included);
  const notes = data.namespaces.flatMap((item) => (item.note === null ? [] : [item.note]));
  return (
    <p className="text-xs text-muted-foreground" data-testid="policy-namespaces">
      Includes{' '}
      {included.map((item, index) => (
        <span key={item.namespace}>
          {index > 0 ? (index === included.length - 1 ? ' and ' : ', ') : null}
          {item.label} (<code className="font-mono">{item.namespace}.*</code>)
        </span>
      ))}
      .{data.user ? null : ' User settings are those of users whose account is in this unit.'}
      {notes.map((note) => (
        <span key={note} className="block">
          {note}
        </span>
      ))}
    </p>
  );
}

/** Which OU each part came from: the user's account OU for user settings, the unit for devices. */
function Heading({ data, device }: { data: EffectivePoliciesResponse; device: string | undefined }) {
  if (!data.user)
    return (
      <h2 className="text-base font-semibold break-all" data-testid="policy-org-unit">
        Effective policies for {data.orgUnit.path}
      </h2>
    );
  const user = data.user;
  return (
    <div className="flex flex-col gap-1">
      <h2 className="text-base font-semibold">Effective policies</h2>
      <p className="text-sm break-all" data-testid="policy-user-unit">
        User settings for <span className="font-medium">{user.email}</span>
        {user.name ? <span className="text-muted-foreground"> ({user.name})</span> : null} · account in{' '}
        <span className="font-medium">{user.orgUnit.path}</span>
      </p>
      {user.suspended ? (
        <p className="text-xs text-muted-foreground" data-testid="policy-user-suspended">
          This account is suspended in Google Workspace: the settings shown apply when it is restored.
        </p>
      ) : null}
      <p className="text-sm break-all" data-testid="policy-org-unit">
        Device settings for <span className="font-medium">{device ?? 'devices'}</span> · in{' '}
        <span className="font-medium">{data.orgUnit.path}</span>
      </p>
    </div>
  );
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
  const withUser = useEffectivePolicies(orgUnitId, user, user !== undefined);
  // A user Google does not know (or may not show) is explained; the unit's policies still show.
  const userError =
    user !== undefined && withUser.isError && isUserLookupError(withUser.error) ? withUser.error : undefined;
  const plain = useEffectivePolicies(orgUnitId, undefined, user === undefined || userError !== undefined);
  const query = user !== undefined && userError === undefined ? withUser : plain;
  const asked = userError === undefined ? user : undefined;
  const refresh = useRefreshEffectivePolicies();
  const [refreshing, setRefreshing] = useState(false);
  const [refreshError, setRefreshError] = useState<Error>();
  const [closed, setClosed] = useState<Set<string>>(new Set());
  // Typing is answered at once; the URL follows (navigations are asynchronous).
  const [text, setText] = useState(q);
  const data = query.data;
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

  const onRefresh = () => {
    setRefreshing(true);
    setRefreshError(undefined);
    refresh(orgUnitId, asked)
      .catch((error: unknown) => setRefreshError(error instanceof Error ? error : new Error(String(error))))
      .finally(() => setRefreshing(false));
  };

  const userPanel = userError ? (
    <PolicyErrorPanel
      error={userError}
      title={`User settings for ${user ?? ''} could not be shown`}
      onRetry={() => void withUser.refetch()}
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
          <Heading data={data} device={device} />
          <NamespacesNote data={data} />
        </div>
        <FetchedAge fetchedAt={data.fetchedAt} refreshing={refreshing} onRefresh={onRefresh} />
      </div>
      {refreshError ? <PolicyErrorPanel error={refreshError} onRetry={onRefresh} /> : null}
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <Input
          type="search"
          aria-label="Search policies"
          placeholder="Search by policy name or description"
          value={text}
          maxLength={MAX_SEARCH_LENGTH}
          onChange={(event) => {
            setText(event.target.value);
            onSearch(event.target.value);
          }}
          className="sm:max-w-sm"
        />
        <FilterButtons value={filter} onChange={onFilter} />
        <p className="text-xs text-muted-foreground sm:ml-auto" aria-live="polite">
          {shown === total ? `${total} policies` : `${shown} of ${total} policies`}
        </p>
      </div>
      {groups.length === 0 ? (
        <EmptyState icon={SearchX} title="No policy matches">
          {text ? `Nothing matches “${text}”` : 'Nothing matches'}
          {filter === 'here'
            ? ' among the policies set on this unit.'
            : filter === 'inherited'
              ? ' among inherited policies.'
              : '.'}
        </EmptyState>
      ) : (
        groups.map((group) => {
          const open = !closed.has(group.category);
          const id = `policy-group-${group.category.replace(/[^A-Za-z0-9]+/g, '-')}`;
          return (
            <Card key={group.category} data-testid="policy-group" aria-labelledby={`${id}-title`}>
              <h2 id={`${id}-title`} className="text-sm font-semibold">
                <button
                  type="button"
                  aria-expanded={open}
                  aria-controls={id}
                  className="flex w-full items-center gap-2 px-4 py-3 text-left hover:bg-muted/60 focus-visible:outline-2 focus-visible:outline-ring"
                  onClick={() =>
                    setClosed((current) => {
                      const next = new Set(current);
                      if (open) next.add(group.category);
                      else next.delete(group.category);
                      return next;
                    })
                  }
                >
                  <ChevronRight
                    aria-hidden="true"
                    className={cn('size-4 transition-transform', open && 'rotate-90')}
                  />
                  {group.category}
                  <span className="font-normal text-muted-foreground">· {group.policies.length}</span>
                </button>
              </h2>
              {open ? (
                <ul id={id} className="divide-y divide-border border-t border-border">
                  {group.policies.map((policy) => (
                    <PolicyRow key={policy.key} policy={policy} nameUnits={data.user !== null} />
                  ))}
                </ul>
              ) : null}
            </Card>
          );
        })
      )}
    </div>
  );
}
