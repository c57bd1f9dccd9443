import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Plus, X } from 'lucide-react';
import type { CreateRolloverRequest } from '@fleetdeck/shared/plan-contract';
import { sortByOrgUnitPath } from '@fleetdeck/shared/org-unit-order';
import { useOrgUnits } from '../../../api/org-units.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { SafeTextForm } from '../../../components/ui/safe-text-form.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { useCreateRolloverPlan } from '../api/plans.ts';
import { PlanPageIntro } from './plan-page-intro.tsx';

interface Pair {
  readonly id: number;
  readonly from: string;
  readonly to: string;
}

let nextId = 1;
const newPair = (): Pair => ({ id: nextId++, from: '', to: '' });

/**
 * `/plans/new/rollover`: OU → OU pairs typed (the member's units offered as they type) or pasted as
 * a two-column CSV, an optional fleet query; the plan it builds shows each pair's devices and a sample.
 */
export function NewRolloverPage() {
  const navigate = useNavigate();
  const create = useCreateRolloverPlan();
  const orgUnits = useOrgUnits();
  const [mode, setMode] = useState<'typed' | 'csv'>('typed');
  const [pairs, setPairs] = useState<Pair[]>(() => [newPair()]);
  const [csv, setCsv] = useState('');
  const [query, setQuery] = useState('');
  const [title, setTitle] = useState('');
  const [problem, setProblem] = useState<string>();
  const paths = sortByOrgUnitPath(orgUnits.data?.orgUnits ?? [], (unit) => unit.orgUnitPath).map(
    (unit) => unit.orgUnitPath,
  );

  const submit = () => {
    const typed = pairs.filter((pair) => pair.from.trim() !== '' || pair.to.trim() !== '');
    if (mode === 'typed' && typed.some((pair) => pair.from.trim() === '' || pair.to.trim() === ''))
      return setProblem('Each pair needs both units: where the devices are and where they go.');
    if (mode === 'typed' && typed.length === 0) return setProblem('Add at least one pair of units.');
    if (mode === 'csv' && csv.trim() === '') return setProblem('Paste the pairs: one “from, to” per line.');
    setProblem(undefined);
    const request: CreateRolloverRequest = {
      ...(mode === 'typed'
        ? { pairs: typed.map(({ from, to }) => ({ from: from.trim(), to: to.trim() })) }
        : { csv }),
      ...(query.trim() ? { query: query.trim() } : {}),
      ...(title.trim() ? { title: title.trim() } : {}),
    };
    create.mutate(request, { onSuccess: (plan) => void navigate(`/plans/${plan.id}`) });
  };

  return (
    <div className="flex flex-col gap-6">
      <PlanPageIntro title="New rollover" focusKey="new-rollover">
        <p className="mt-1 max-w-3xl text-sm text-muted-foreground">
          Move the devices of each unit to the next one (Grade 5 → Grade 6). Sub-units keep their devices;
          units are emptied before devices arrive in them.
        </p>
      </PlanPageIntro>
      <SafeTextForm
        className="flex flex-col gap-6"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <RolloverUnitsCard
          mode={mode}
          onMode={setMode}
          pairs={pairs}
          onPairs={setPairs}
          paths={paths}
          csv={csv}
          onCsv={setCsv}
        />
        <RolloverOptions query={query} onQuery={setQuery} title={title} onTitle={setTitle} />
        {problem ? <FormMessage>{problem}</FormMessage> : null}
        {create.error ? <FormMessage>{create.error.message}</FormMessage> : null}
        <div>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Counting devices…' : 'Build the plan'}
          </Button>
        </div>
      </SafeTextForm>
    </div>
  );
}

/** A fleet query that limits the devices, and the plan's name. */
function RolloverOptions({
  query,
  onQuery,
  title,
  onTitle,
}: {
  query: string;
  onQuery: (query: string) => void;
  title: string;
  onTitle: (title: string) => void;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Options</CardTitle>
        <CardDescription>Limit the devices with a fleet query, and name the plan.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <Field
          id="rollover-query"
          label="Only devices matching (optional)"
          hint="For example status:ACTIVE"
          value={query}
          onChange={(event) => onQuery(event.target.value)}
        />
        <Field
          id="rollover-title"
          label="Plan name (optional)"
          maxLength={200}
          value={title}
          onChange={(event) => onTitle(event.target.value)}
        />
      </CardContent>
    </Card>
  );
}

/** The pairs, typed or pasted as a two-column CSV. */
function RolloverUnitsCard(props: {
  mode: 'typed' | 'csv';
  onMode: (mode: 'typed' | 'csv') => void;
  pairs: readonly Pair[];
  onPairs: (pairs: Pair[]) => void;
  paths: readonly string[];
  csv: string;
  onCsv: (csv: string) => void;
}) {
  const { mode, onMode, pairs, onPairs, paths, csv, onCsv } = props;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Units</CardTitle>
        <fieldset className="mt-2 flex flex-wrap gap-4 text-sm">
          <legend className="sr-only">How to give the pairs</legend>
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name="rollover-mode"
              checked={mode === 'typed'}
              onChange={() => onMode('typed')}
            />
            Type the pairs
          </label>
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name="rollover-mode"
              checked={mode === 'csv'}
              onChange={() => onMode('csv')}
            />
            Paste a CSV of two columns
          </label>
        </fieldset>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {mode === 'typed' ? (
          <TypedPairs pairs={pairs} paths={paths} onChange={onPairs} />
        ) : (
          <div className="flex flex-col gap-1.5">
            <label htmlFor="rollover-csv" className="text-sm font-medium">
              Pairs as CSV (from, to; a header row is optional)
            </label>
            <Textarea
              id="rollover-csv"
              rows={6}
              className="font-mono text-xs"
              value={csv}
              onChange={(event) => onCsv(event.target.value)}
              placeholder={'/Students/Grade 5,/Students/Grade 6\n/Students/Grade 6,/Students/Grade 7'}
            />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/** The pairs typed one by one, the member's units offered as they type (a datalist of their paths). */
function TypedPairs({
  pairs,
  paths,
  onChange: setPairs,
}: {
  pairs: readonly Pair[];
  paths: readonly string[];
  onChange: (pairs: Pair[]) => void;
}) {
  const setPair = (id: number, patch: Partial<Pair>) =>
    setPairs(pairs.map((pair) => (pair.id === id ? { ...pair, ...patch } : pair)));
  return (
    <>
      <datalist id="rollover-org-units">
        {paths.map((path) => (
          <option key={path} value={path} />
        ))}
      </datalist>
      <ol className="flex flex-col gap-3">
        {pairs.map((pair, index) => (
          <li key={pair.id} className="grid grid-cols-1 gap-2 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
            <PairInput
              label={`Pair ${index + 1}: from`}
              value={pair.from}
              onChange={(from) => setPair(pair.id, { from })}
            />
            <PairInput
              label={`Pair ${index + 1}: to`}
              value={pair.to}
              onChange={(to) => setPair(pair.id, { to })}
            />
            <Button
              type="button"
              variant="ghost"
              size="icon"
              aria-label={`Remove pair ${index + 1}`}
              disabled={pairs.length === 1}
              onClick={() => setPairs(pairs.filter((other) => other.id !== pair.id))}
            >
              <X aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ol>
      <div>
        <Button type="button" variant="secondary" size="sm" onClick={() => setPairs([...pairs, newPair()])}>
          <Plus aria-hidden="true" />
          Add a pair
        </Button>
      </div>
    </>
  );
}

function PairInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = `rollover-${label.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <Input
        id={id}
        list="rollover-org-units"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder="/Students/Grade 5"
      />
    </div>
  );
}
