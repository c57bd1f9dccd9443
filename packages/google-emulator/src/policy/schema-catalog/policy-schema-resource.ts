import {
  enumWireValue,
  snakeCase,
  upperSnake,
  type EnumType,
  type FieldDefinition,
  type MessageType,
  type SchemaDefinition,
} from './schema-definition.ts';

/** The JSON shape of Chrome Policy's `PolicySchema` (reference §3.4); only fields the emulator fills. */
export interface PolicySchemaResource {
  name: string;
  schemaName: string;
  policyDescription: string;
  categoryTitle: string;
  supportUri: string;
  accessRestrictions?: string[];
  additionalTargetKeyNames?: Array<{ key: string; keyDescription: string }>;
  definition: Record<string, unknown>;
  fieldDescriptions: Array<Record<string, unknown>>;
  policyApiLifecycle: Record<string, unknown>;
  supportedPlatforms: string[];
  validTargetResources: string[];
}

const PROTO_TYPES = {
  bool: 'TYPE_BOOL',
  string: 'TYPE_STRING',
  int64: 'TYPE_INT64',
  int32: 'TYPE_INT32',
  list: 'TYPE_STRING',
} as const;

interface Collected {
  messages: Map<string, MessageType>;
  enums: Map<string, EnumType>;
}

function collect(fields: readonly FieldDefinition[], into: Collected): void {
  for (const field of fields) {
    if (field.type.kind === 'enum') into.enums.set(field.type.enumType.name, field.type.enumType);
    if (field.type.kind === 'message') {
      into.messages.set(field.type.messageType.name, field.type.messageType);
      collect(field.type.messageType.fields, into);
    }
  }
}

function fieldDescriptor(field: FieldDefinition, number: number, pkg: string): Record<string, unknown> {
  const base = { name: snakeCase(field.name), number, jsonName: field.name };
  const { type } = field;
  if (type.kind === 'enum')
    return { ...base, label: 'LABEL_OPTIONAL', type: 'TYPE_ENUM', typeName: `.${pkg}.${type.enumType.name}` };
  if (type.kind === 'message')
    return {
      ...base,
      label: 'LABEL_OPTIONAL',
      type: 'TYPE_MESSAGE',
      typeName: `.${pkg}.${type.messageType.name}`,
    };
  return {
    ...base,
    label: type.kind === 'list' ? 'LABEL_REPEATED' : 'LABEL_OPTIONAL',
    type: PROTO_TYPES[type.kind],
  };
}

function messageDescriptor(
  name: string,
  fields: readonly FieldDefinition[],
  pkg: string,
): Record<string, unknown> {
  return { name, field: fields.map((field, index) => fieldDescriptor(field, index + 1, pkg)) };
}

function enumDescriptor(enumType: EnumType): Record<string, unknown> {
  const prefix = upperSnake(enumType.name);
  return {
    name: enumType.name,
    value: [
      { name: `${prefix}_UNSPECIFIED`, number: 0 },
      ...enumType.values.map(([value], index) => ({ name: `${prefix}_${value}`, number: index + 1 })),
    ],
  };
}

function fieldDescription(field: FieldDefinition): Record<string, unknown> {
  const { type } = field;
  const constraints =
    (type.kind === 'int64' || type.kind === 'int32') &&
    (type.minimum !== undefined || type.maximum !== undefined)
      ? {
          fieldConstraints: {
            numericRangeConstraint: {
              ...(type.minimum === undefined ? {} : { minimum: String(type.minimum) }),
              ...(type.maximum === undefined ? {} : { maximum: String(type.maximum) }),
            },
          },
        }
      : {};
  const known =
    type.kind === 'enum'
      ? {
          knownValueDescriptions: type.enumType.values.map(([value, description]) => ({
            value: enumWireValue(type.enumType, value),
            description,
          })),
        }
      : type.kind === 'list' && type.allowed !== undefined
        ? {
            knownValueDescriptions: type.allowed.map((value) => ({
              value,
              description: value.replace(/^report_/, '').replace(/_/g, ' '),
            })),
          }
        : {};
  const nested =
    type.kind === 'message' ? { nestedFieldDescriptions: type.messageType.fields.map(fieldDescription) } : {};
  return {
    field: field.name,
    name: field.name,
    description: field.description,
    fieldDescription: field.description,
    ...(field.defaultValue === undefined ? {} : { defaultValue: field.defaultValue }),
    ...known,
    ...nested,
    ...constraints,
  };
}

/** Builds the `PolicySchema` resource Google returns for `customers/{c}/policySchemas/{name}`. */
export function toPolicySchemaResource(definition: SchemaDefinition, customer: string): PolicySchemaResource {
  const segments = definition.schemaName.split('.');
  const leaf = segments.at(-1) ?? definition.schemaName;
  const pkg = segments.slice(0, -1).join('.');
  const collected: Collected = { messages: new Map(), enums: new Map() };
  collect(definition.fields, collected);
  return {
    name: `customers/${customer}/policySchemas/${definition.schemaName}`,
    schemaName: definition.schemaName,
    policyDescription: definition.description,
    categoryTitle: definition.categoryTitle,
    supportUri: definition.supportUri,
    ...(definition.accessRestrictions === undefined
      ? {}
      : { accessRestrictions: [...definition.accessRestrictions] }),
    ...(definition.additionalTargetKeys === undefined
      ? {}
      : { additionalTargetKeyNames: definition.additionalTargetKeys.map((key) => ({ ...key })) }),
    definition: {
      name: `${segments.join('/')}.proto`,
      package: pkg,
      messageType: [
        messageDescriptor(leaf, definition.fields, pkg),
        ...[...collected.messages.values()].map((type) => messageDescriptor(type.name, type.fields, pkg)),
      ],
      enumType: [...collected.enums.values()].map(enumDescriptor),
      syntax: 'proto2',
    },
    fieldDescriptions: definition.fields.map(fieldDescription),
    policyApiLifecycle: {
      policyApiLifecycleStage: definition.lifecycle?.stage ?? 'API_CURRENT',
      ...(definition.lifecycle?.endSupport === undefined
        ? {}
        : { endSupport: definition.lifecycle.endSupport }),
      ...(definition.lifecycle?.deprecatedInFavorOf === undefined
        ? {}
        : { deprecatedInFavorOf: [...definition.lifecycle.deprecatedInFavorOf] }),
    },
    supportedPlatforms: ['CHROME_OS'],
    validTargetResources: ['ORG_UNIT'],
  };
}
