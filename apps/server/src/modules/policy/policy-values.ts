import type { PolicySchema } from '@fleetdeck/google/policy/policy-schema.schema';

/**
 * Chrome policy values in words, from the schema itself: an enum value becomes its description
 * ("Disallow incognito mode."), booleans On/Off, lists a comma list, durations with units, times of
 * day as HH:MM. Why: an IT admin reads the Admin console's wording, not proto enum names.
 */

type FieldDescription = NonNullable<PolicySchema['fieldDescriptions']>[number];
type MessageType = NonNullable<NonNullable<PolicySchema['definition']>['messageType']>[number];
type FieldDescriptor = NonNullable<MessageType['field']>[number];

/** One top-level field of a schema: its description and (when the proto says) its type. */
export interface SchemaField {
  readonly name: string;
  readonly label: string;
  readonly description: FieldDescription | undefined;
  readonly descriptor: FieldDescriptor | undefined;
  readonly defaultValue: unknown;
}

const MAX_LIST_ITEMS = 25;
const MAX_DISPLAY = 2000;

/** `IncognitoMode` → `Incognito mode`; `urlBlocklist` → `Url blocklist`. */
export function humanizeName(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** `INCOGNITO_MODE_AVAILABILITY_ENUM_UNAVAILABLE` → `Unavailable` when the schema has no description. */
function humanizeEnum(value: string): string {
  const marker = value.lastIndexOf('_ENUM_');
  const tail = marker >= 0 ? value.slice(marker + '_ENUM_'.length) : value;
  return humanizeName(tail.toLowerCase());
}

/** The leaf message of a schema's definition: the one named like the schema's last segment. */
function leafMessage(schema: PolicySchema): MessageType | undefined {
  const leaf = (schema.schemaName ?? '').split('.').at(-1);
  const messages = schema.definition?.messageType ?? [];
  return messages.find((message) => message.name === leaf) ?? messages[0];
}

/** Why: fields in the order the schema lists them, each with its label and default. */
export function schemaFields(schema: PolicySchema): SchemaField[] {
  const descriptors = leafMessage(schema)?.field ?? [];
  const descriptions = schema.fieldDescriptions ?? [];
  const names = new Set<string>();
  for (const description of descriptions) {
    const name = description.field ?? description.name;
    if (name) names.add(name);
  }
  for (const descriptor of descriptors) {
    const name = descriptor.jsonName ?? descriptor.name;
    if (name) names.add(name);
  }
  return [...names].map((name) => {
    const description = descriptions.find((item) => (item.field ?? item.name) === name);
    const descriptor = descriptors.find((item) => (item.jsonName ?? item.name) === name);
    const label = description?.fieldDescription ?? description?.description ?? humanizeName(name);
    return {
      name,
      label: label.replace(/\.$/, ''),
      description,
      descriptor,
      defaultValue: description?.defaultValue ?? descriptor?.defaultValue,
    };
  });
}

const UNITS: ReadonlyArray<readonly [seconds: number, singular: string]> = [
  [86_400, 'day'],
  [3600, 'hour'],
  [60, 'minute'],
  [1, 'second'],
];

/** `5400s` → `1 hour 30 minutes`; `0.5s` → `500 ms`. */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) return String(seconds);
  if (seconds > 0 && seconds < 1) return `${Math.round(seconds * 1000)} ms`;
  if (seconds === 0) return '0 seconds';
  let rest = Math.round(seconds);
  const parts: string[] = [];
  for (const [size, unit] of UNITS) {
    const count = Math.floor(rest / size);
    if (count > 0) {
      parts.push(`${count} ${unit}${count === 1 ? '' : 's'}`);
      rest -= count * size;
    }
  }
  return parts.slice(0, 2).join(' ');
}

const DURATION = /^(-?\d+(?:\.\d+)?)s$/;

function knownDescription(description: FieldDescription | undefined, value: string): string | undefined {
  const known = description?.knownValueDescriptions?.find((item) => item.value === value);
  return known?.description?.replace(/\.$/, '');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function formatObject(value: Record<string, unknown>, description: FieldDescription | undefined): string {
  // google.type.TimeOfDay, possibly wrapped as { timeOfDay: {...} }.
  const time = isRecord(value['timeOfDay']) ? value['timeOfDay'] : value;
  if ('hours' in time || 'minutes' in time) {
    const hours = Number(time['hours'] ?? 0);
    const minutes = Number(time['minutes'] ?? 0);
    return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
  }
  const keys = Object.keys(value);
  if (keys.length === 0) return 'Not set';
  // A wrapper message such as { value: 'America/Chicago' }.
  if (keys.length === 1 && keys[0] === 'value') return formatValue(value['value'], undefined);
  return keys
    .map((key) => {
      const nested = description?.nestedFieldDescriptions?.find((item) => (item.field ?? item.name) === key);
      const label = (nested?.fieldDescription ?? nested?.description ?? humanizeName(key)).replace(/\.$/, '');
      return `${label}: ${formatValue(value[key], nested)}`;
    })
    .join('; ');
}

/** Why: one value in words, using the field's known-value descriptions when the schema has them. */
export function formatValue(value: unknown, description: FieldDescription | undefined): string {
  let text: string;
  if (value === undefined || value === null) text = 'Not set';
  else if (typeof value === 'boolean') text = value ? 'On' : 'Off';
  else if (typeof value === 'number') text = String(value);
  else if (typeof value === 'string') {
    const known = knownDescription(description, value);
    const duration = DURATION.exec(value);
    if (known !== undefined) text = known;
    else if (duration?.[1] !== undefined) text = formatDuration(Number(duration[1]));
    else if (/^[A-Z0-9]+(_[A-Z0-9]+)*_ENUM_[A-Z0-9_]+$/.test(value)) text = humanizeEnum(value);
    else text = value === '' ? 'Empty' : value;
  } else if (Array.isArray(value)) {
    if (value.length === 0) text = 'None';
    else {
      const shown = value.slice(0, MAX_LIST_ITEMS).map((item) => formatValue(item, description));
      const more = value.length - shown.length;
      text = shown.join(', ') + (more > 0 ? ` and ${more} more` : '');
    }
  } else if (isRecord(value)) text = formatObject(value, description);
  else text = typeof value === 'bigint' ? value.toString() : JSON.stringify(value);
  return text.length > MAX_DISPLAY ? `${text.slice(0, MAX_DISPLAY - 1)}…` : text;
}
