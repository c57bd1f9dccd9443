/*
 * A compact way to write a Chrome policy schema once and derive both the `PolicySchema` resource
 * (FileDescriptorProto definition + fieldDescriptions) and the value validator from it.
 */

export interface EnumType {
  /** Proto enum name, e.g. `IncognitoModeAvailabilityEnum`; wire values are `<UPPER_SNAKE name>_<VALUE>`. */
  name: string;
  values: ReadonlyArray<readonly [value: string, description: string]>;
}

export interface MessageType {
  name: string;
  fields: readonly FieldDefinition[];
}

export type FieldType =
  | { kind: 'bool' }
  | { kind: 'string'; maxLength?: number }
  | { kind: 'int64' | 'int32'; minimum?: number; maximum?: number }
  | { kind: 'list'; maxItems?: number; allowed?: readonly string[] }
  | { kind: 'enum'; enumType: EnumType }
  | { kind: 'message'; messageType: MessageType };

export interface FieldDefinition {
  /** The JSON (lowerCamel) field name used on the wire and in `updateMask`. */
  name: string;
  type: FieldType;
  description: string;
  defaultValue?: unknown;
}

export type LifecycleStage = 'API_PREVIEW' | 'API_DEVELOPMENT' | 'API_CURRENT' | 'API_DEPRECATED';

export interface SchemaDefinition {
  schemaName: string;
  description: string;
  categoryTitle: string;
  supportUri: string;
  fields: readonly FieldDefinition[];
  additionalTargetKeys?: ReadonlyArray<{ key: string; keyDescription: string }>;
  accessRestrictions?: readonly string[];
  lifecycle?: {
    stage: LifecycleStage;
    endSupport?: { year: number; month: number; day: number };
    deprecatedInFavorOf?: readonly string[];
  };
}

export const bool = (): FieldType => ({ kind: 'bool' });
export const text = (maxLength = 4096): FieldType => ({ kind: 'string', maxLength });
export const list = (maxItems = 1000, allowed?: readonly string[]): FieldType => ({
  kind: 'list',
  maxItems,
  ...(allowed ? { allowed } : {}),
});
export const int64 = (minimum?: number, maximum?: number): FieldType => ({
  kind: 'int64',
  ...(minimum === undefined ? {} : { minimum }),
  ...(maximum === undefined ? {} : { maximum }),
});
export const int32 = (minimum?: number, maximum?: number): FieldType => ({
  kind: 'int32',
  ...(minimum === undefined ? {} : { minimum }),
  ...(maximum === undefined ? {} : { maximum }),
});
export const enumOf = (name: string, values: EnumType['values']): FieldType => ({
  kind: 'enum',
  enumType: { name, values },
});
export const message = (name: string, fields: readonly FieldDefinition[]): FieldType => ({
  kind: 'message',
  messageType: { name, fields },
});

/** `IncognitoModeAvailabilityEnum` → `INCOGNITO_MODE_AVAILABILITY_ENUM`. */
export function upperSnake(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1_$2')
    .toUpperCase();
}

/** `incognitoModeAvailability` → `incognito_mode_availability` (proto field names). */
export function snakeCase(name: string): string {
  return name.replace(/([A-Z])/g, '_$1').toLowerCase();
}

/** The wire value of an enum entry, e.g. `INCOGNITO_MODE_AVAILABILITY_ENUM_UNAVAILABLE`. */
export function enumWireValue(enumType: EnumType, value: string): string {
  return `${upperSnake(enumType.name)}_${value}`;
}

/** Every wire value an enum field accepts (the `_UNSPECIFIED` zero value is never settable). */
export function enumWireValues(enumType: EnumType): string[] {
  return enumType.values.map(([value]) => enumWireValue(enumType, value));
}
