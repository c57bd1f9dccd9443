import { bareOrgUnitId } from '@fleetdeck/google/google-ids';
import type { PolicySchema } from '@fleetdeck/google/policy/policy-schema.schema';
import type { ResolvedPolicy } from '@fleetdeck/google/policy/policy.schema';
import type {
  EffectivePolicy,
  PolicyField,
  PolicyGroup,
  PolicyNamespace,
  PolicySourceKind,
} from '@fleetdeck/shared/policy-contract';
import type { AppNames } from './app-names.ts';
import { formatValue, humanizeName, schemaFields, type SchemaField } from './policy-values.ts';

/**
 * Turns what Chrome Policy resolved for one OU into the debugger's rows: every schema of a
 * namespace, with its effective value in words, whether it is set on this OU, inherited (and from
 * which OU) or Google's default, grouped by the schema's category.
 */

/** A field as compared by the diff: the words shown plus the raw effective value. */
export interface ResolvedField extends PolicyField {
  readonly raw: unknown;
}

export interface ResolvedPolicyRow extends Omit<EffectivePolicy, 'fields'> {
  readonly fields: ResolvedField[];
}

export interface NamespaceResolution {
  readonly namespace: PolicyNamespace;
  readonly schemas: readonly PolicySchema[];
  readonly resolved: readonly ResolvedPolicy[];
}

/** OU paths by bare OU id, from Fleetdeck's copy of the tree. */
export type OrgUnitPaths = ReadonlyMap<string, string>;

const UNCATEGORIZED = 'Other settings';

function fieldsFor(
  fields: readonly SchemaField[],
  value: Record<string, unknown> | undefined,
): ResolvedField[] {
  return fields.map((field) => {
    const set = value !== undefined && value[field.name] !== undefined;
    const raw = set ? value[field.name] : field.defaultValue;
    return {
      name: field.name,
      label: field.label,
      display: raw === undefined ? 'Google default' : formatValue(raw, field.description),
      isDefault: !set,
      raw: raw ?? null,
    };
  });
}

function targetKeysOf(policy: ResolvedPolicy): Record<string, string> | undefined {
  return policy.targetKey?.additionalTargetKeys ?? policy.sourceKey?.additionalTargetKeys;
}

function targetOf(policy: ResolvedPolicy): string | null {
  const keys = targetKeysOf(policy);
  if (!keys) return null;
  const entries = Object.entries(keys).sort(([a], [b]) => a.localeCompare(b));
  return entries.length === 0 ? null : entries.map(([, value]) => value).join(', ');
}

/** The app's name when the policy targets one (`app_id`) that the installed-apps report names. */
function targetNameOf(policy: ResolvedPolicy, appNames: AppNames): string | null {
  const appId = targetKeysOf(policy)?.app_id;
  return appId === undefined ? null : (appNames.get(appId) ?? null);
}

function baseRow(schema: PolicySchema, namespace: PolicyNamespace, schemaName: string) {
  return {
    schemaName,
    namespace,
    title: humanizeName(schemaName.split('.').at(-1) ?? schemaName),
    description: schema.policyDescription ?? '',
    category: schema.categoryTitle?.trim() || UNCATEGORIZED,
    supportUri: schema.supportUri ?? null,
  };
}

/**
 * Why: one namespace's schemas and resolved values become rows; unset schemas show their defaults;
 * a per-app row carries the app's name when `appNames` has it.
 */
export function presentNamespace(
  resolution: NamespaceResolution,
  orgUnitId: string,
  paths: OrgUnitPaths,
  appNames: AppNames = new Map(),
): ResolvedPolicyRow[] {
  const here = bareOrgUnitId(orgUnitId);
  const schemasByName = new Map(resolution.schemas.map((schema) => [schema.schemaName ?? '', schema]));
  const rows: ResolvedPolicyRow[] = [];
  const resolvedNames = new Set<string>();
  for (const policy of resolution.resolved) {
    const schemaName = policy.value?.policySchema;
    if (!schemaName) continue;
    resolvedNames.add(schemaName);
    const schema = schemasByName.get(schemaName) ?? { schemaName };
    const sourceId = policy.sourceKey?.targetResource
      ? bareOrgUnitId(policy.sourceKey.targetResource)
      : undefined;
    const status: PolicySourceKind =
      sourceId === undefined ? 'default' : sourceId === here ? 'set_here' : 'inherited';
    const target = targetOf(policy);
    rows.push({
      key: target === null ? schemaName : `${schemaName}|${target}`,
      ...baseRow(schema, resolution.namespace, schemaName),
      target,
      targetName: targetNameOf(policy, appNames),
      status,
      source:
        sourceId === undefined ? null : { orgUnitId: sourceId, orgUnitPath: paths.get(sourceId) ?? null },
      fields: fieldsFor(schemaFields(schema), policy.value?.value),
    });
  }
  for (const schema of resolution.schemas) {
    const schemaName = schema.schemaName;
    // Per-app (or per-printer…) schemas apply only to what was added; nothing to default.
    if (!schemaName || resolvedNames.has(schemaName) || (schema.additionalTargetKeyNames?.length ?? 0) > 0)
      continue;
    rows.push({
      key: schemaName,
      ...baseRow(schema, resolution.namespace, schemaName),
      target: null,
      targetName: null,
      status: 'default',
      source: null,
      fields: fieldsFor(schemaFields(schema), undefined),
    });
  }
  return rows;
}

/** Why: the page shows categories alphabetically, policies by title, apps by name (or id) within. */
export function groupRows<
  T extends { category: string; title: string; target: string | null; targetName?: string | null },
>(rows: readonly T[]): { category: string; policies: T[] }[] {
  const groups = new Map<string, T[]>();
  for (const row of rows) groups.set(row.category, [...(groups.get(row.category) ?? []), row]);
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([category, policies]) => ({
      category,
      policies: policies.sort(
        (x, y) =>
          x.title.localeCompare(y.title) ||
          (x.targetName ?? x.target ?? '').localeCompare(y.targetName ?? y.target ?? ''),
      ),
    }));
}

/** Drops the raw values the diff needs before the rows leave the server. */
export function publicRow(row: ResolvedPolicyRow): EffectivePolicy {
  return { ...row, fields: row.fields.map(({ raw: _raw, ...field }) => field) };
}

export function publicGroups(rows: readonly ResolvedPolicyRow[]): PolicyGroup[] {
  return groupRows(rows).map((group) => ({ ...group, policies: group.policies.map(publicRow) }));
}
