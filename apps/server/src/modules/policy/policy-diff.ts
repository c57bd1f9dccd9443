import type { PolicyDiffRow, PolicySide } from '@fleetdeck/shared/policy-contract';
import type { ResolvedPolicyRow } from './policy-presenter.ts';

/**
 * Compares the effective policies of two OUs, row by row: a policy differs when any field's
 * effective value differs, or when it applies on one side only (an app added on one side).
 * Where a value comes from alone is not a difference: the device behaves the same.
 */

function side(row: ResolvedPolicyRow | undefined): PolicySide | null {
  if (!row) return null;
  return {
    status: row.status,
    source: row.source,
    fields: row.fields.map(({ raw: _raw, ...field }) => field),
  };
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** Why: the compare view and the move preview both read this one diff. */
export function diffPolicies(
  left: readonly ResolvedPolicyRow[],
  right: readonly ResolvedPolicyRow[],
): PolicyDiffRow[] {
  const a = new Map(left.map((row) => [row.key, row]));
  const b = new Map(right.map((row) => [row.key, row]));
  const keys = [...new Set([...a.keys(), ...b.keys()])];
  return keys.map((key) => {
    const x = a.get(key);
    const y = b.get(key);
    const any = (x ?? y) as ResolvedPolicyRow;
    const names = [...new Set([...(x?.fields ?? []), ...(y?.fields ?? [])].map((field) => field.name))];
    const changedFields =
      x && y
        ? names.filter(
            (name) =>
              !same(
                x.fields.find((field) => field.name === name)?.raw,
                y.fields.find((field) => field.name === name)?.raw,
              ),
          )
        : names;
    return {
      key,
      schemaName: any.schemaName,
      namespace: any.namespace,
      title: any.title,
      category: any.category,
      target: any.target,
      targetName: any.targetName,
      a: side(x),
      b: side(y),
      differs: changedFields.length > 0 || !x || !y,
      changedFields,
    };
  });
}
