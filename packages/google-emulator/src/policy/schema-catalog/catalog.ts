import { DEVICE_SCHEMAS } from './device-schemas.ts';
import type { SchemaDefinition } from './schema-definition.ts';
import { USER_SCHEMAS } from './user-schemas.ts';

/** Every schema the emulator serves, sorted by name (the order Google lists them in). */
export const ALL_SCHEMAS: readonly SchemaDefinition[] = [...USER_SCHEMAS, ...DEVICE_SCHEMAS].sort((a, b) =>
  a.schemaName.localeCompare(b.schemaName),
);

const BY_NAME = new Map(ALL_SCHEMAS.map((schema) => [schema.schemaName, schema]));

export function findSchema(schemaName: string): SchemaDefinition | undefined {
  return BY_NAME.get(schemaName);
}

/** `chrome.users.apps.InstallType` → `chrome.users.apps`. */
export function namespaceOf(schemaName: string): string {
  return schemaName.slice(0, Math.max(0, schemaName.lastIndexOf('.')));
}

/** The batch rule "same root namespace": the first two segments, e.g. `chrome.users` (UNVERIFIED depth). */
export function rootNamespaceOf(schemaName: string): string {
  return schemaName.split('.').slice(0, 2).join('.');
}

const NAMESPACE_PATTERN = /^[a-z]+(\.[a-z]+)+$/;
const SCHEMA_PATTERN = /^[a-z]+(\.[a-z]+)+\.[A-Za-z0-9]+$/;

/**
 * Schemas matched by a resolve/batchInherit `policySchema` filter: a full name, or a wildcard in the
 * leaf only (`chrome.users.*`, `chrome.users.apps.*`). `*`, `chrome.*` and mid-name wildcards are invalid.
 */
export function schemasForFilter(
  filter: string,
): { ok: true; schemas: SchemaDefinition[]; wildcard: boolean } | { ok: false; message: string } {
  if (filter.endsWith('.*')) {
    const namespace = filter.slice(0, -2);
    if (!NAMESPACE_PATTERN.test(namespace) || namespace.split('.').length < 2) {
      return { ok: false, message: `Invalid policy schema filter: ${filter}` };
    }
    return {
      ok: true,
      wildcard: true,
      schemas: ALL_SCHEMAS.filter((schema) => namespaceOf(schema.schemaName) === namespace),
    };
  }
  if (!SCHEMA_PATTERN.test(filter)) return { ok: false, message: `Invalid policy schema filter: ${filter}` };
  const schema = findSchema(filter);
  // Google answers an unknown full name with INVALID_ARGUMENT as well (wording UNVERIFIED).
  if (schema === undefined) return { ok: false, message: `Policy schema not found: ${filter}` };
  return { ok: true, wildcard: false, schemas: [schema] };
}
