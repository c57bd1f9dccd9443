import { z } from 'zod';
import type { EmulatorOrgUnit } from '../state/org-units.ts';
import {
  ancestorChain,
  keysId,
  type AdditionalTargetKeys,
  type PolicyStore,
  type PolicyTargetKey,
} from './policy-store.ts';
import { maskedFieldErrors, maskFields, type FieldError, type PolicyValue } from './policy-value.ts';
import { findSchema, rootNamespaceOf, schemasForFilter } from './schema-catalog/catalog.ts';
import type { SchemaDefinition } from './schema-catalog/schema-definition.ts';

const targetKeySchema = z.object({
  targetResource: z.string().min(1).max(300),
  additionalTargetKeys: z.record(z.string().max(100), z.string().max(1000)).optional(),
});

export const modifyBodySchema = z.object({
  requests: z
    .array(
      z.object({
        policyTargetKey: targetKeySchema,
        policyValue: z.object({
          policySchema: z.string().min(1).max(300),
          value: z.record(z.string(), z.unknown()).optional(),
        }),
        updateMask: z.string().max(4000).optional(),
      }),
    )
    .min(1)
    .max(1000),
});

export const inheritBodySchema = z.object({
  requests: z
    .array(z.object({ policyTargetKey: targetKeySchema, policySchema: z.string().min(1).max(300) }))
    .min(1)
    .max(1000),
});

export type ModifyRequest = z.infer<typeof modifyBodySchema>['requests'][number];
export type InheritRequest = z.infer<typeof inheritBodySchema>['requests'][number];

export interface ModificationError {
  policySchema: string;
  policyTargetKey: PolicyTargetKey;
  errors: string[];
  fieldErrors: FieldError[];
}

interface BatchItem {
  policySchema: string;
  policyTargetKey: z.infer<typeof targetKeySchema>;
}

/** Google's four batch rules (reference §3.3); the message of the first broken rule, if any. */
export function batchRuleViolation(items: readonly BatchItem[]): string | undefined {
  const roots = new Set(items.map((item) => rootNamespaceOf(item.policySchema)));
  if (roots.size > 1) return 'All policy schemas in one batch must share the same root namespace.';
  if (items.some((item) => !item.policyTargetKey.targetResource.startsWith('orgunits/'))) {
    return 'Every policyTargetKey.targetResource must be an org unit (orgunits/{id}).';
  }
  const keyNames = new Set(
    items.map((item) =>
      Object.keys(item.policyTargetKey.additionalTargetKeys ?? {})
        .sort()
        .join(','),
    ),
  );
  if (keyNames.size > 1) return 'Every policyTargetKey must have the same additionalTargetKeys key names.';
  const pairs = new Set(
    items.map(
      (item) =>
        `${item.policySchema}|${item.policyTargetKey.targetResource}|${keysId(item.policyTargetKey.additionalTargetKeys ?? {})}`,
    ),
  );
  if (pairs.size !== items.length)
    return 'A policySchema and policyTargetKey pair may appear only once per batch.';
  return undefined;
}

function targetProblems(
  schema: SchemaDefinition | undefined,
  keys: AdditionalTargetKeys,
  chain: readonly EmulatorOrgUnit[],
): string[] {
  const problems: string[] = [];
  if (chain.length === 0) problems.push('Org unit not found.');
  const needed = (schema?.additionalTargetKeys ?? [])
    .map((key) => key.key)
    .sort()
    .join(',');
  if (schema !== undefined && Object.keys(keys).sort().join(',') !== needed) {
    problems.push(
      needed === ''
        ? 'This policy schema takes no additional target keys.'
        : `This policy schema needs the additional target keys: ${needed}.`,
    );
  }
  return problems;
}

function endedSupport(schema: SchemaDefinition, now: number): boolean {
  const end = schema.lifecycle?.endSupport;
  return end !== undefined && Date.UTC(end.year, end.month - 1, end.day) <= now;
}

/** The value a modification starts from: the OU's own value, else what it inherits (UNVERIFIED for partial masks). */
function baseValue(
  store: PolicyStore,
  chain: readonly EmulatorOrgUnit[],
  schema: SchemaDefinition,
  keys: AdditionalTargetKeys,
): PolicyValue {
  for (const unit of chain) {
    const found = store.get(unit.orgUnitId, schema.schemaName, keys);
    if (found !== undefined) return structuredClone(found.value);
  }
  return {};
}

/** Validates every modification, then applies all of them or none (`batchModify` is atomic). */
export function applyModify(
  store: PolicyStore,
  orgUnits: readonly EmulatorOrgUnit[],
  requests: readonly ModifyRequest[],
  now: number,
): ModificationError[] {
  const errors: ModificationError[] = [];
  const writes: Array<() => void> = [];
  for (const request of requests) {
    const schemaName = request.policyValue.policySchema;
    const schema = findSchema(schemaName);
    const keys = request.policyTargetKey.additionalTargetKeys ?? {};
    const orgUnitId = request.policyTargetKey.targetResource.slice('orgunits/'.length);
    const chain = ancestorChain(orgUnits, orgUnitId);
    const problems =
      schema === undefined
        ? [`Policy schema not found: ${schemaName}.`]
        : targetProblems(schema, keys, chain);
    if (schema !== undefined && endedSupport(schema, now))
      problems.push('This policy schema is no longer supported and cannot be modified.');
    const mask = maskFields(request.updateMask ?? '');
    if (mask.length === 0) problems.push('updateMask is required and must name at least one field.');
    const value = request.policyValue.value ?? {};
    const fieldErrors = schema === undefined ? [] : maskedFieldErrors(schema.fields, value, mask);
    if (problems.length > 0 || fieldErrors.length > 0 || schema === undefined) {
      errors.push({
        policySchema: schemaName,
        policyTargetKey: request.policyTargetKey,
        errors: problems,
        fieldErrors,
      });
      continue;
    }
    writes.push(() => {
      const merged = baseValue(store, chain, schema, keys);
      for (const field of mask) merged[field] = value[field];
      store.set({ orgUnitId, schemaName, value: merged, additionalTargetKeys: keys });
    });
  }
  if (errors.length === 0) for (const write of writes) write();
  return errors;
}

/** Removes direct values so OUs inherit again; the root has nothing to inherit from. Atomic like modify. */
export function applyInherit(
  store: PolicyStore,
  orgUnits: readonly EmulatorOrgUnit[],
  requests: readonly InheritRequest[],
): ModificationError[] {
  const errors: ModificationError[] = [];
  const removals: Array<() => void> = [];
  for (const request of requests) {
    const matched = schemasForFilter(request.policySchema);
    const keys = request.policyTargetKey.additionalTargetKeys ?? {};
    const orgUnitId = request.policyTargetKey.targetResource.slice('orgunits/'.length);
    const chain = ancestorChain(orgUnits, orgUnitId);
    const problems = matched.ok
      ? targetProblems(matched.wildcard ? undefined : matched.schemas[0], keys, chain)
      : [matched.message];
    if (chain.length === 1) problems.push('The root org unit cannot inherit a policy value.');
    if (problems.length > 0 || !matched.ok) {
      errors.push({
        policySchema: request.policySchema,
        policyTargetKey: request.policyTargetKey,
        errors: problems,
        fieldErrors: [],
      });
      continue;
    }
    const names = matched.schemas.map((schema) => schema.schemaName);
    // A namespace wildcard without keys removes every entity (e.g. every app) set on that OU.
    const scope = matched.wildcard && Object.keys(keys).length === 0 ? undefined : keys;
    removals.push(() => store.remove(orgUnitId, names, scope));
  }
  if (errors.length === 0) for (const removal of removals) removal();
  return errors;
}
