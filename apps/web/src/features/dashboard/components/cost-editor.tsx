import { useState, type SyntheticEvent } from 'react';
import { Pencil } from 'lucide-react';
import type { ReplacementCosts, UpdateReplacementCosts } from '@fleetdeck/shared/dashboard-contract';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useReplacementCosts, useUpdateReplacementCosts } from '../api/replacement-costs.ts';
import { formatCount } from '../fleet-link.ts';
import { SafeTextForm } from '../../../components/ui/safe-text-form.tsx';

/** Whole currency units typed by a person, to cents; undefined when not a valid amount. */
function toCents(text: string): number | undefined {
  const value = Number(text.replaceAll(',', '').trim());
  return text.trim() !== '' && Number.isFinite(value) && value >= 0 && value <= 1_000_000
    ? Math.round(value * 100)
    : undefined;
}

/** The typed costs as the server takes them, or what to fix first. */
function readCosts(
  costs: ReplacementCosts,
  currency: string,
  fallback: string,
  models: Record<string, string>,
): { ok: true; update: UpdateReplacementCosts } | { ok: false; problem: string } {
  const defaultCostCents = toCents(fallback);
  if (defaultCostCents === undefined)
    return { ok: false, problem: 'Enter the default cost as an amount, such as 300.' };
  if (!/^[A-Za-z]{3}$/.test(currency.trim()))
    return { ok: false, problem: 'Use a three-letter currency code such as USD.' };
  const priced = [];
  for (const m of costs.models) {
    const text = models[m.model] ?? '';
    const cents = text.trim() === '' ? null : toCents(text);
    if (cents === undefined)
      return { ok: false, problem: `Enter the cost of ${m.model} as an amount, or leave it empty.` };
    priced.push({ model: m.model, costCents: cents });
  }
  return { ok: true, update: { currency: currency.trim().toUpperCase(), defaultCostCents, models: priced } };
}

/** One cost per model seen in the fleet; empty takes the default. */
function ModelCosts({
  costs,
  fallback,
  models,
  onModel,
}: {
  costs: ReplacementCosts;
  fallback: string;
  models: Record<string, string>;
  onModel: (model: string, text: string) => void;
}) {
  return (
    <fieldset className="flex max-h-72 flex-col gap-2 overflow-y-auto pr-1">
      <legend className="mb-2 text-sm font-medium">Cost per model (empty: the default)</legend>
      {costs.models.map((m, index) => (
        <div key={m.model} className="grid grid-cols-[1fr_7rem] items-center gap-3">
          <label htmlFor={`cost-model-${index}`} className="text-sm break-words">
            {m.model} <span className="text-xs text-muted-foreground">({formatCount(m.devices)})</span>
          </label>
          <Input
            id={`cost-model-${index}`}
            inputMode="decimal"
            placeholder={fallback}
            value={models[m.model] ?? ''}
            onChange={(e) => onModel(m.model, e.target.value)}
          />
        </div>
      ))}
    </fieldset>
  );
}

/** The cost book as a form: a default, a currency and one cost per model. */
function CostForm({ costs, onDone }: { costs: ReplacementCosts; onDone: () => void }) {
  const update = useUpdateReplacementCosts();
  const [currency, setCurrency] = useState(costs.currency);
  const [fallback, setFallback] = useState(String(costs.defaultCostCents / 100));
  const [models, setModels] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      costs.models.map((m) => [m.model, m.costCents === null ? '' : String(m.costCents / 100)]),
    ),
  );
  const [problem, setProblem] = useState<string>();

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const read = readCosts(costs, currency, fallback, models);
    if (!read.ok) return setProblem(read.problem);
    setProblem(undefined);
    update.mutate(read.update, { onSuccess: onDone });
  };

  return (
    <SafeTextForm className="flex flex-col gap-4" onSubmit={submit} noValidate>
      <div className="grid grid-cols-[1fr_7rem] gap-3">
        <Field
          id="cost-default"
          label="Default cost per device"
          hint="Used for every model without its own cost."
          inputMode="decimal"
          value={fallback}
          onChange={(e) => setFallback(e.target.value)}
        />
        <Field
          id="cost-currency"
          label="Currency"
          maxLength={3}
          value={currency}
          onChange={(e) => setCurrency(e.target.value)}
        />
      </div>
      <ModelCosts
        costs={costs}
        fallback={fallback}
        models={models}
        onModel={(model, text) => setModels((all) => ({ ...all, [model]: text }))}
      />
      {problem ? <FormMessage>{problem}</FormMessage> : null}
      {update.isError ? <FormMessage>{update.error.message}</FormMessage> : null}
      <div className="flex justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          Save costs
        </Button>
      </div>
    </SafeTextForm>
  );
}

/** Why: admins price the forecast themselves; the dialog loads the cost book only when opened. */
export function CostEditor() {
  const [open, setOpen] = useState(false);
  const costs = useReplacementCosts(open);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary" size="sm">
          <Pencil aria-hidden="true" />
          Edit costs
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Replacement costs"
        description="What replacing one device costs, for the forecast. Changes are recorded in the audit log."
      >
        {costs.isError ? <FormMessage>{costs.error.message}</FormMessage> : null}
        {costs.data ? (
          <CostForm costs={costs.data} onDone={() => setOpen(false)} />
        ) : (
          <Skeleton className="h-48" />
        )}
      </DialogContent>
    </Dialog>
  );
}
