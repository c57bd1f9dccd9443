import type { z } from 'zod';

/**
 * Validates Google's answers against their zod schemas at the speed a 100,000-device sync needs.
 * zod copies every object it validates and allocates a result and an issue list per field, which
 * on a 300-device page costs more than `JSON.parse`. Here the plain JSON parts of a schema (stripping
 * objects with required or `.optional()` fields, arrays, strings with or without one `.regex()`,
 * numbers, `.int()`, booleans) are compiled once into checks that read the freshly parsed JSON and
 * copy an object only when it holds an unknown field to drop. Every other kind of schema is left to
 * zod where it occurs, and a body that fails is validated again by zod, so callers get zod's own
 * issues: the checks never reject on their own.
 */

const INVALID: unique symbol = Symbol('invalid');
type Check = (value: unknown) => unknown;

const compiled = new WeakMap<z.ZodType, Check>();

/**
 * Why: `schema.safeParse(json)`'s result without zod's cost when the body is valid (object keys
 * stay in Google's order). `json` must be the caller's own, fresh from `JSON.parse`: valid parts of
 * it are returned instead of copies.
 */
export function validateResponse<T>(schema: z.ZodType<T>, json: unknown): z.ZodSafeParseResult<T> {
  let check = compiled.get(schema);
  if (check === undefined) {
    check = compile(schema);
    compiled.set(schema, check);
  }
  const data = check(json);
  if (data === INVALID) return schema.safeParse(json);
  // The checks accept exactly what `schema` accepts and return zod's data, keys in Google's order.
  return { success: true, data: data as T };
}

function compile(schema: z.core.$ZodType): Check {
  const def = (schema as z.core.$ZodTypes)._zod.def;
  const field = leafOf(schema, true);
  if (field.kind !== LEAF.other) return (value) => checkField(field, value);
  if (def.type === 'array' && !def.checks?.length) return arrayCheck(compile(def.element));
  if (def.type === 'object') return objectCheck(def) ?? viaZod(schema);
  return viaZod(schema);
}

function viaZod(schema: z.core.$ZodType): Check {
  return (value) => {
    const result = (schema as z.ZodType).safeParse(value);
    return result.success ? result.data : INVALID;
  };
}

const LEAF = { string: 0, pattern: 1, number: 2, safeInt: 3, boolean: 4, other: 5 } as const;
type LeafKind = (typeof LEAF)[keyof typeof LEAF];

/** One field of an object; leaves are checked inline, the rest by `check`. */
interface Field {
  readonly required: boolean;
  readonly kind: LeafKind;
  readonly pattern: RegExp | undefined;
  readonly check: Check | undefined;
}

function leafOf(schema: z.core.$ZodType, required: boolean): Field {
  const def = (schema as z.core.$ZodTypes)._zod.def;
  const leaf = (kind: LeafKind, pattern?: RegExp): Field => ({ required, kind, pattern, check: undefined });
  // A schema that is its own check (`z.int()`, `z.email()`) or converts its input stays with zod.
  if ('check' in def || ('coerce' in def && def.coerce)) return leaf(LEAF.other);
  const checks = def.checks ?? [];
  const only = checks.length === 1 ? checks[0]?._zod.def : undefined;
  if (def.type === 'boolean' && checks.length === 0) return leaf(LEAF.boolean);
  if (def.type === 'string' && checks.length === 0) return leaf(LEAF.string);
  if (def.type === 'string' && only?.check === 'string_format' && !only.when) {
    const format = only as z.core.$ZodCheckStringFormatDef;
    if (format.format === 'regex' && format.pattern) return leaf(LEAF.pattern, format.pattern);
  }
  if (def.type === 'number' && checks.length === 0) return leaf(LEAF.number);
  if (def.type === 'number' && only?.check === 'number_format' && !only.when) {
    if ((only as z.core.$ZodCheckNumberFormatDef).format === 'safeint') return leaf(LEAF.safeInt);
  }
  return leaf(LEAF.other);
}

function fieldOf(schema: z.core.$ZodType, required: boolean): Field {
  const leaf = leafOf(schema, required);
  return leaf.kind === LEAF.other ? { ...leaf, check: compile(schema) } : leaf;
}

function checkField(field: Field, value: unknown): unknown {
  if (value === undefined && !field.required) return value;
  switch (field.kind) {
    case LEAF.string:
      return typeof value === 'string' ? value : INVALID;
    case LEAF.pattern: {
      if (typeof value !== 'string') return INVALID;
      const pattern = field.pattern as RegExp;
      pattern.lastIndex = 0;
      return pattern.test(value) ? value : INVALID;
    }
    case LEAF.number:
      return typeof value === 'number' && Number.isFinite(value) ? value : INVALID;
    case LEAF.safeInt:
      return Number.isSafeInteger(value) ? value : INVALID;
    case LEAF.boolean:
      return typeof value === 'boolean' ? value : INVALID;
    default:
      return (field.check as Check)(value);
  }
}

function arrayCheck(element: Check): Check {
  return (value) => {
    if (!Array.isArray(value)) return INVALID;
    const items = value as unknown[];
    let copy: unknown[] | undefined;
    for (let i = 0; i < items.length; i++) {
      const item = items[i];
      const out = element(item);
      if (out === INVALID) return INVALID;
      if (copy === undefined && out !== item) copy = items.slice(0, i);
      copy?.push(out);
    }
    return copy ?? items;
  };
}

/**
 * A stripping `z.object` whose fields are required or `.optional()`. The input itself is returned
 * when it holds no unknown field and every value came back unchanged; otherwise a copy without the
 * unknown fields. Keys keep Google's order (zod would use the schema's; JSON objects carry no order
 * that means anything, and rebuilding every device in another order costs as much as checking it).
 */
function objectCheck(def: z.core.$ZodObjectDef): Check | undefined {
  if (def.catchall !== undefined || def.checks?.length) return undefined;
  const keys = Object.keys(def.shape);
  const fields: Field[] = [];
  for (const key of keys) {
    // zod tests presence with `in`, which also sees Object.prototype's names.
    if (key in Object.prototype) return undefined;
    const schema = def.shape[key] as z.core.$ZodTypes;
    if (schema._zod.def.type === 'optional' && !schema._zod.def.checks?.length) {
      fields.push(fieldOf(schema._zod.def.innerType, false));
    } else if (schema._zod.optin === undefined) fields.push(fieldOf(schema, true));
    // Defaults and other optional-in kinds put values of their own in the result: zod decides.
    else return undefined;
  }
  const requiredCount = fields.filter((field) => field.required).length;
  const index = new Map(keys.map((key, at) => [key, at]));
  return (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return INVALID;
    const input = value as Record<string, unknown>;
    let changed: unknown[] | undefined;
    let unknownKeys = false;
    let requiredSeen = 0;
    for (const key in input) {
      const at = index.get(key);
      if (at === undefined) {
        unknownKeys = true;
        continue;
      }
      const field = fields[at] as Field;
      const item = input[key];
      const out = checkField(field, item);
      if (out === INVALID) return INVALID;
      if (field.required) requiredSeen++;
      if (out !== item) (changed ??= [])[at] = out;
    }
    if (requiredSeen !== requiredCount) return INVALID;
    return changed === undefined && !unknownKeys ? input : knownFields(input, index, changed ?? []);
  };
}

/** The copy of a checked object: its known fields, with the values their checks returned. */
function knownFields(
  input: Record<string, unknown>,
  index: ReadonlyMap<string, number>,
  changed: readonly unknown[],
): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const key in input) {
    const at = index.get(key);
    if (at !== undefined) result[key] = at in changed ? changed[at] : input[key];
  }
  return result;
}
