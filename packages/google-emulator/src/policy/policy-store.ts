import type { EmulatorOrgUnit } from '../state/org-units.ts';
import type { PolicyValue } from './policy-value.ts';
import type { SchemaDefinition } from './schema-catalog/schema-definition.ts';

export type AdditionalTargetKeys = Readonly<Record<string, string>>;

/** A value set directly on one OU for one schema (and, for apps, one `app_id`). */
export interface DirectPolicy {
  orgUnitId: string;
  schemaName: string;
  additionalTargetKeys: AdditionalTargetKeys;
  value: PolicyValue;
}

export interface PolicyTargetKey {
  targetResource: string;
  additionalTargetKeys?: Record<string, string>;
}

export interface ResolvedPolicy {
  targetKey: PolicyTargetKey;
  value: { policySchema: string; value: PolicyValue };
  sourceKey: PolicyTargetKey;
  addedSourceKey?: PolicyTargetKey;
}

/** Canonical text of a key map, so `{a,b}` and `{b,a}` are the same target. */
export function keysId(keys: AdditionalTargetKeys): string {
  return Object.keys(keys)
    .sort()
    .map((key) => `${key}=${keys[key] ?? ''}`)
    .join('&');
}

function targetKey(orgUnitId: string, keys: AdditionalTargetKeys): PolicyTargetKey {
  return Object.keys(keys).length === 0
    ? { targetResource: `orgunits/${orgUnitId}` }
    : { targetResource: `orgunits/${orgUnitId}`, additionalTargetKeys: { ...keys } };
}

/** The OU and its ancestors, nearest first; empty when the OU is unknown. */
export function ancestorChain(orgUnits: readonly EmulatorOrgUnit[], orgUnitId: string): EmulatorOrgUnit[] {
  const byId = new Map(orgUnits.map((unit) => [unit.orgUnitId, unit]));
  const chain: EmulatorOrgUnit[] = [];
  for (
    let unit = byId.get(orgUnitId);
    unit !== undefined && chain.length <= 64;
    unit = byId.get(unit.parentOrgUnitId ?? '')
  ) {
    chain.push(unit);
    if (unit.parentOrgUnitId === undefined) break;
  }
  return chain;
}

export interface PolicyStore {
  get(orgUnitId: string, schemaName: string, keys: AdditionalTargetKeys): DirectPolicy | undefined;
  set(policy: DirectPolicy): void;
  /** Removes the direct values matching schema names and keys (all keys when `keys` is undefined). */
  remove(orgUnitId: string, schemaNames: readonly string[], keys: AdditionalTargetKeys | undefined): number;
  all(): DirectPolicy[];
  resolve(
    chain: readonly EmulatorOrgUnit[],
    schemas: readonly SchemaDefinition[],
    keys: AdditionalTargetKeys | undefined,
  ): ResolvedPolicy[];
}

/** Direct values per OU, and resolution by walking up the OU tree. */
export function createPolicyStore(): PolicyStore {
  const entries = new Map<string, DirectPolicy>();
  const id = (orgUnitId: string, schemaName: string, keys: AdditionalTargetKeys) =>
    `${orgUnitId}|${schemaName}|${keysId(keys)}`;

  const store: PolicyStore = {
    get: (orgUnitId, schemaName, keys) => entries.get(id(orgUnitId, schemaName, keys)),
    set(policy) {
      entries.set(id(policy.orgUnitId, policy.schemaName, policy.additionalTargetKeys), {
        ...policy,
        additionalTargetKeys: { ...policy.additionalTargetKeys },
        value: structuredClone(policy.value),
      });
    },
    remove(orgUnitId, schemaNames, keys) {
      let removed = 0;
      for (const [entryId, entry] of entries) {
        if (entry.orgUnitId !== orgUnitId || !schemaNames.includes(entry.schemaName)) continue;
        if (keys !== undefined && keysId(entry.additionalTargetKeys) !== keysId(keys)) continue;
        entries.delete(entryId);
        removed += 1;
      }
      return removed;
    },
    all: () => [...entries.values()],
    resolve(chain, schemas, keys) {
      const target = chain[0];
      if (target === undefined) return [];
      const resolved: ResolvedPolicy[] = [];
      for (const schema of schemas) {
        // Every key combination set anywhere up the chain (one combination, `{}`, for plain schemas).
        const combos = new Map<string, AdditionalTargetKeys>();
        for (const entry of entries.values()) {
          if (
            entry.schemaName !== schema.schemaName ||
            !chain.some((unit) => unit.orgUnitId === entry.orgUnitId)
          )
            continue;
          if (
            keys !== undefined &&
            Object.keys(keys).length > 0 &&
            keysId(entry.additionalTargetKeys) !== keysId(keys)
          )
            continue;
          combos.set(keysId(entry.additionalTargetKeys), entry.additionalTargetKeys);
        }
        for (const combo of [...combos.keys()].sort()) {
          const comboKeys = combos.get(combo) ?? {};
          const holders = chain.filter(
            (unit) => store.get(unit.orgUnitId, schema.schemaName, comboKeys) !== undefined,
          );
          const nearest = holders[0];
          const source =
            nearest === undefined ? undefined : store.get(nearest.orgUnitId, schema.schemaName, comboKeys);
          if (nearest === undefined || source === undefined) continue;
          const added = schema.additionalTargetKeys === undefined ? undefined : holders.at(-1);
          resolved.push({
            targetKey: targetKey(target.orgUnitId, comboKeys),
            value: { policySchema: schema.schemaName, value: structuredClone(source.value) },
            sourceKey: targetKey(nearest.orgUnitId, comboKeys),
            // For things added for management (apps), the OU where it was added: the topmost holder.
            ...(added === undefined ? {} : { addedSourceKey: targetKey(added.orgUnitId, comboKeys) }),
          });
        }
      }
      return resolved;
    },
  };
  return store;
}
