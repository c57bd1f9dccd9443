import { useState, type ReactNode } from 'react';
import { X } from 'lucide-react';
import { AUDIT_ACTION_LABELS } from '@fleetdeck/shared/audit-actions';
import { AUDIT_CATEGORIES, type AuditCategory } from '@fleetdeck/shared/audit-contract';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { useMembers } from '../api/list-members.ts';
import { unsafeTextMessage } from '../../../lib/unsafe-field.ts';
import { AuditPlanFilter } from './audit-plan-filter.tsx';

/** The audit log's filters as the page keeps them (the URL's search parameters). */
export interface AuditFilterValues {
  readonly category: AuditCategory | '';
  /** One action (`device.disable`), narrower than a category. */
  readonly action: string;
  readonly actorUserId: string;
  /** Free text on the target's words or id: a serial, an OU path, an email, a run's id. */
  readonly target: string;
  /** Calendar days, `YYYY-MM-DD`, in the admin's time zone; both ends included. */
  readonly fromDay: string;
  readonly toDay: string;
  readonly outcome: '' | 'success' | 'failure';
  /** A change plan: its own entries and the device changes of its run (linked from the plan page). */
  readonly planId: string;
}

export const NO_AUDIT_FILTERS: AuditFilterValues = {
  category: '',
  action: '',
  actorUserId: '',
  target: '',
  fromDay: '',
  toDay: '',
  outcome: '',
  planId: '',
};

const isCategory = (value: string): value is AuditCategory => Object.hasOwn(AUDIT_CATEGORIES, value);
const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);
const isAction = (value: string) => Object.hasOwn(AUDIT_ACTION_LABELS, value);
const isUuid = (value: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/** Why: a filtered log is a link an admin can share; unknown values in the URL are ignored. */
export function readAuditFilters(params: URLSearchParams): AuditFilterValues {
  const category = params.get('category') ?? '';
  const outcome = params.get('result') ?? '';
  const fromDay = params.get('from') ?? '';
  const toDay = params.get('to') ?? '';
  const action = params.get('action') ?? '';
  const planId = params.get('plan') ?? '';
  return {
    category: isCategory(category) ? category : '',
    action: isAction(action) ? action : '',
    actorUserId: (params.get('who') ?? '').slice(0, 200),
    target: (params.get('target') ?? '').slice(0, 200),
    fromDay: isDay(fromDay) ? fromDay : '',
    toDay: isDay(toDay) ? toDay : '',
    outcome: outcome === 'success' || outcome === 'failure' ? outcome : '',
    planId: isUuid(planId) ? planId : '',
  };
}

export function writeAuditFilters(values: AuditFilterValues): URLSearchParams {
  const params = new URLSearchParams();
  if (values.category) params.set('category', values.category);
  if (values.action) params.set('action', values.action);
  if (values.actorUserId) params.set('who', values.actorUserId);
  if (values.target) params.set('target', values.target);
  if (values.fromDay) params.set('from', values.fromDay);
  if (values.toDay) params.set('to', values.toDay);
  if (values.outcome) params.set('result', values.outcome);
  if (values.planId) params.set('plan', values.planId);
  return params;
}

/** Local midnight of a `YYYY-MM-DD` day as an ISO instant; `nextDay` gives the end of that day. */
export function dayStart(day: string, nextDay = false): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(year, month - 1, date + (nextDay ? 1 : 0)).toISOString();
}

function FilterLabel({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-muted-foreground">
        {label}
      </label>
      {children}
    </div>
  );
}

/**
 * Typed freely; the list follows on Enter or when the field is left, not at every key. A value
 * the server would refuse (a control character) is not sent: the field says why instead.
 */
function TargetInput({ value, onCommit }: { value: string; onCommit: (value: string) => void }) {
  const [draft, setDraft] = useState<string | null>(null);
  const problem = draft === null ? null : unsafeTextMessage('Target', draft, false);
  const commit = () => {
    if (problem) return;
    if (draft !== null && draft.trim() !== value) onCommit(draft.trim().slice(0, 200));
    setDraft(null);
  };
  return (
    <>
      <Input
        id="audit-target"
        type="search"
        placeholder="Serial, OU, email…"
        maxLength={200}
        value={draft ?? value}
        aria-describedby={problem ? 'audit-target-problem' : undefined}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit();
        }}
      />
      {problem ? (
        <p id="audit-target-problem" role="alert" className="text-xs text-danger-subtle-foreground">
          {problem}
        </p>
      ) : null}
    </>
  );
}

type SetFilters = (patch: Partial<AuditFilterValues>) => void;

/** What: a whole category, or one action within it. */
function WhatFilter({ values, set }: { values: AuditFilterValues; set: SetFilters }) {
  return (
    <FilterLabel id="audit-category" label="What">
      <NativeSelect
        id="audit-category"
        value={
          values.action ? `action:${values.action}` : values.category ? `category:${values.category}` : ''
        }
        onChange={(event) => {
          const [kind = '', id = ''] = event.target.value.split(':');
          set({
            category: kind === 'category' && isCategory(id) ? id : '',
            action: kind === 'action' && isAction(id) ? id : '',
          });
        }}
      >
        <option value="">Everything</option>
        {Object.entries(AUDIT_CATEGORIES).map(([id, { label }]) => (
          <option key={id} value={`category:${id}`}>
            {label}
          </option>
        ))}
        {Object.entries(AUDIT_CATEGORIES).map(([id, { label, prefixes }]) => (
          <optgroup key={id} label={label}>
            {Object.entries(AUDIT_ACTION_LABELS)
              .filter(([action]) => prefixes.some((prefix) => action.startsWith(prefix)))
              .map(([action, words]) => (
                <option key={action} value={`action:${action}`}>
                  {words}
                </option>
              ))}
          </optgroup>
        ))}
      </NativeSelect>
    </FilterLabel>
  );
}

/** Who: one of the team's members, by name and email. */
function WhoFilter({ value, set }: { value: string; set: SetFilters }) {
  const members = useMembers(true);
  return (
    <FilterLabel id="audit-who" label="Who">
      <NativeSelect
        id="audit-who"
        value={value}
        onChange={(event) => set({ actorUserId: event.target.value })}
      >
        <option value="">Anyone</option>
        {(members.data?.members ?? []).map((member) => (
          <option key={member.userId} value={member.userId}>
            {member.name && member.name !== member.email ? `${member.name} (${member.email})` : member.email}
          </option>
        ))}
      </NativeSelect>
    </FilterLabel>
  );
}

/** Result: successes or failures only. */
function ResultFilter({ value, set }: { value: AuditFilterValues['outcome']; set: SetFilters }) {
  return (
    <FilterLabel id="audit-result" label="Result">
      <NativeSelect
        id="audit-result"
        value={value}
        onChange={(event) => {
          const outcome = event.target.value;
          set({ outcome: outcome === 'success' || outcome === 'failure' ? outcome : '' });
        }}
      >
        <option value="">All</option>
        <option value="success">Success</option>
        <option value="failure">Failure</option>
      </NativeSelect>
    </FilterLabel>
  );
}

/** What, who, target, date range and result, and a change plan: the questions an admin brings to the log. */
export function AuditFilters({
  values,
  onChange,
}: {
  values: AuditFilterValues;
  onChange: (values: AuditFilterValues) => void;
}) {
  const set: SetFilters = (patch) => onChange({ ...values, ...patch });
  const filtered = Object.values(values).some((value) => value !== '');
  // The chip's button goes with the filter: focus moves to the first filter, not the page's top.
  const removePlan = () => {
    set({ planId: '' });
    document.getElementById('audit-category')?.focus();
  };
  return (
    <div
      className="grid grid-cols-1 items-end gap-3 sm:grid-cols-2 lg:grid-cols-[repeat(6,minmax(0,1fr))_auto]"
      role="group"
      aria-label="Filter the audit log"
    >
      <WhatFilter values={values} set={set} />
      <WhoFilter value={values.actorUserId} set={set} />
      <FilterLabel id="audit-target" label="Target">
        <TargetInput value={values.target} onCommit={(target) => set({ target })} />
      </FilterLabel>
      <FilterLabel id="audit-from" label="From">
        <Input
          id="audit-from"
          type="date"
          value={values.fromDay}
          max={values.toDay || undefined}
          onChange={(event) => set({ fromDay: event.target.value })}
        />
      </FilterLabel>
      <FilterLabel id="audit-to" label="To">
        <Input
          id="audit-to"
          type="date"
          value={values.toDay}
          min={values.fromDay || undefined}
          onChange={(event) => set({ toDay: event.target.value })}
        />
      </FilterLabel>
      <ResultFilter value={values.outcome} set={set} />
      <Button variant="ghost" disabled={!filtered} onClick={() => onChange(NO_AUDIT_FILTERS)}>
        <X aria-hidden="true" />
        Clear filters
      </Button>
      {values.planId ? <AuditPlanFilter planId={values.planId} onRemove={removePlan} /> : null}
    </div>
  );
}
