import type { SchemaDefinition } from './schema-catalog/schema-definition.ts';
import { namespaceOf } from './schema-catalog/catalog.ts';

/*
 * The `policySchemas.list` filter (reference §3.4): terms `text`, `name=`, `namespace=`, `description=`,
 * `access_restrictions=`, `policy_api_lifecycle=`, `field_descriptions.field=`,
 * `field_descriptions.description=`, `field_descriptions.input_constraint=`, `additional_target_keys:`,
 * combined with AND / OR / NOT and parentheses; case-insensitive.
 */

type Predicate = (schema: SchemaDefinition) => boolean;

const includes = (haystack: string, needle: string) => haystack.toLowerCase().includes(needle);
const equals = (a: string, b: string) => a.toLowerCase() === b;

const TERMS: Record<string, (value: string) => Predicate> = {
  name: (value) => (schema) => includes(schema.schemaName, value),
  namespace: (value) => (schema) => equals(namespaceOf(schema.schemaName), value),
  description: (value) => (schema) => includes(schema.description, value),
  access_restrictions: (value) => (schema) =>
    (schema.accessRestrictions ?? []).some((item) => includes(item, value)),
  policy_api_lifecycle: (value) => (schema) => equals(schema.lifecycle?.stage ?? 'API_CURRENT', value),
  'field_descriptions.field': (value) => (schema) => schema.fields.some((field) => equals(field.name, value)),
  'field_descriptions.description': (value) => (schema) =>
    schema.fields.some((field) => includes(field.description, value)),
  'field_descriptions.input_constraint': () => () => false,
  additional_target_keys: (value) => (schema) =>
    (schema.additionalTargetKeys ?? []).some((key) => equals(key.key, value)),
};

function tokenize(filter: string): string[] {
  return [...filter.matchAll(/"[^"]*"|[()]|[^\s()]+/g)].map((match) => match[0]);
}

function term(token: string): Predicate {
  const match = /^([a-z_.]+)([=:])(.*)$/i.exec(token);
  if (match === null) {
    const text = token.replace(/^"|"$/g, '').toLowerCase();
    return (schema) => includes(schema.schemaName, text) || includes(schema.description, text);
  }
  const key = (match[1] ?? '').toLowerCase();
  const build = TERMS[key];
  if (build === undefined) throw new Error(`Unknown filter field: ${match[1] ?? ''}`);
  return build((match[3] ?? '').replace(/^"|"$/g, '').toLowerCase());
}

/** Parses a filter into a predicate; throws with a user-facing message when it is malformed. */
export function parseSchemaFilter(filter: string): Predicate {
  const tokens = tokenize(filter);
  let position = 0;
  const peek = () => tokens[position];
  const next = () => tokens[position++];

  const primary = (): Predicate => {
    const token = next();
    if (token === undefined) throw new Error('Unexpected end of filter.');
    if (token === '(') {
      const inner = or();
      if (next() !== ')') throw new Error('Missing closing parenthesis.');
      return inner;
    }
    if (token === ')') throw new Error('Unexpected closing parenthesis.');
    return term(token);
  };
  const not = (): Predicate => {
    if (peek()?.toUpperCase() !== 'NOT') return primary();
    next();
    const inner = not();
    return (schema) => !inner(schema);
  };
  const and = (): Predicate => {
    const parts = [not()];
    while (peek() !== undefined && peek() !== ')' && peek()?.toUpperCase() !== 'OR') {
      if (peek()?.toUpperCase() === 'AND') next();
      parts.push(not());
    }
    return (schema) => parts.every((part) => part(schema));
  };
  const or = (): Predicate => {
    const parts = [and()];
    while (peek()?.toUpperCase() === 'OR') {
      next();
      parts.push(and());
    }
    return (schema) => parts.some((part) => part(schema));
  };

  if (tokens.length === 0) return () => true;
  const predicate = or();
  if (position < tokens.length) throw new Error(`Unexpected token: ${peek() ?? ''}`);
  return predicate;
}
