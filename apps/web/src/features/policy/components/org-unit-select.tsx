import type { PolicyOrgUnit } from '@fleetdeck/shared/policy-contract';
import { sortByOrgUnitPath } from '@fleetdeck/shared/org-unit-order';

/** A native select of OUs by path: keyboard- and screen-reader-friendly, and type-ahead by path. */
export function OrgUnitSelect({
  id,
  label,
  units,
  value,
  onChange,
  exclude,
}: {
  id: string;
  label: string;
  units: readonly PolicyOrgUnit[];
  value: string | undefined;
  onChange: (id: string) => void;
  exclude?: string | undefined;
}) {
  const sorted = sortByOrgUnitPath(units, (unit) => unit.path);
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value)}
        className="h-9 w-full min-w-0 rounded-md border border-input bg-surface px-2 text-sm text-foreground shadow-card focus-visible:outline-2 focus-visible:outline-ring"
      >
        <option value="" disabled>
          Choose a unit…
        </option>
        {sorted.map((unit) => (
          <option key={unit.id} value={unit.id} disabled={unit.id === exclude}>
            {unit.path}
          </option>
        ))}
      </select>
    </div>
  );
}
