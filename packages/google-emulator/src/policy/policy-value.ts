import { enumWireValues, type FieldDefinition, type FieldType } from './schema-catalog/schema-definition.ts';

export type PolicyValue = Record<string, unknown>;

export interface FieldError {
  field: string;
  error: string;
}

function integerProblem(
  type: Extract<FieldType, { kind: 'int64' | 'int32' }>,
  value: unknown,
): string | undefined {
  // int64 travels as a JSON string (reference §0); a number is accepted too, as Google's JSON parser does.
  const accepted =
    type.kind === 'int64'
      ? typeof value === 'string' || typeof value === 'number'
      : typeof value === 'number';
  const number = typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;
  if (!accepted || typeof number !== 'number' || !Number.isInteger(number))
    return `Expected an integer (${type.kind}).`;
  if (type.minimum !== undefined && number < type.minimum) return `Value must be at least ${type.minimum}.`;
  if (type.maximum !== undefined && number > type.maximum) return `Value must be at most ${type.maximum}.`;
  return undefined;
}

function listProblem(type: Extract<FieldType, { kind: 'list' }>, value: unknown): string | undefined {
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string' || item.length > 2048))
    return 'Expected a list of strings.';
  if (type.maxItems !== undefined && value.length > type.maxItems)
    return `At most ${type.maxItems} entries are allowed.`;
  const unknown =
    type.allowed === undefined ? [] : value.filter((item) => !type.allowed?.includes(item as string));
  return unknown.length > 0 ? `Unknown values: ${unknown.join(', ')}.` : undefined;
}

/** Why `value` is not a valid value of `field`, or undefined when it is. Nested messages are checked too. */
export function fieldProblem(field: FieldDefinition, value: unknown): string | undefined {
  const { type } = field;
  switch (type.kind) {
    case 'bool':
      return typeof value === 'boolean' ? undefined : 'Expected a boolean.';
    case 'string':
      if (typeof value !== 'string') return 'Expected a string.';
      return type.maxLength !== undefined && value.length > type.maxLength
        ? `At most ${type.maxLength} characters are allowed.`
        : undefined;
    case 'int64':
    case 'int32':
      return integerProblem(type, value);
    case 'list':
      return listProblem(type, value);
    case 'enum':
      return typeof value === 'string' && enumWireValues(type.enumType).includes(value)
        ? undefined
        : `Invalid value. Expected one of ${enumWireValues(type.enumType).join(', ')}.`;
    case 'message':
      return messageProblem(type.messageType.fields, value);
  }
}

function messageProblem(fields: readonly FieldDefinition[], value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'Expected an object.';
  for (const [key, inner] of Object.entries(value)) {
    const field = fields.find((candidate) => candidate.name === key);
    if (field === undefined) return `Unknown field ${key}.`;
    const problem = fieldProblem(field, inner);
    if (problem !== undefined) return `${key}: ${problem}`;
  }
  return undefined;
}

/** Splits Google's comma-separated `updateMask` (FieldMask JSON form) into field names. */
export function maskFields(updateMask: string): string[] {
  return [
    ...new Set(
      updateMask
        .split(',')
        .map((path) => path.trim())
        .filter((path) => path !== ''),
    ),
  ];
}

/**
 * Checks the masked fields of a modification: each must exist in the schema and carry a valid value.
 * Fields outside the mask are ignored, as Google documents.
 */
export function maskedFieldErrors(
  fields: readonly FieldDefinition[],
  value: PolicyValue,
  mask: readonly string[],
): FieldError[] {
  const errors: FieldError[] = [];
  for (const path of mask) {
    const field = fields.find((candidate) => candidate.name === path);
    if (field === undefined) {
      errors.push({ field: path, error: 'Field not found in the policy schema.' });
    } else if (!(path in value)) {
      errors.push({ field: path, error: 'The field is in the update mask but has no value.' });
    } else {
      const problem = fieldProblem(field, value[path]);
      if (problem !== undefined) errors.push({ field: path, error: problem });
    }
  }
  return errors;
}
