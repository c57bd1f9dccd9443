/**
 * Values of query terms: each operator's value checked and typed (statuses, mapped enumerations,
 * text, org units, booleans, `has:` fields; ranges in device-query-ranges.ts). Each parser answers a
 * typed value or an error message.
 */
import type { DeviceQueryValue } from './device-query-ast.ts';
import {
  DEVICE_QUERY_LIMITS,
  DIRECTORY_STATUSES,
  HAS_FIELDS,
  MAPPED_VALUES,
  type DeviceQueryOperator,
} from './device-query-operators.ts';
import { parseByteRange, parseDateRange, parseDuration, parseStorageFree } from './device-query-ranges.ts';

/** A value as written in the query, with its position for error messages. */
export interface RawValue {
  text: string;
  quoted: boolean;
  start: number;
  end: number;
}

function mappedValue(operator: string, text: string): DeviceQueryValue | string {
  const table = (Object.hasOwn(MAPPED_VALUES, operator) ? MAPPED_VALUES[operator] : undefined) ?? {};
  // Own keys only: `constructor` or `__proto__` is an unknown value, not a property of Object.
  const key = text.toLowerCase();
  const stored = Object.hasOwn(table, key) ? table[key] : undefined;
  if (!stored) {
    return `Unknown value "${text}" for ${operator}:. Use ${Object.keys(table).join(', ')}`;
  }
  return {
    kind: 'enum',
    values: stored.filter((value): value is string => value !== null),
    includeNull: stored.includes(null),
    exclude: false,
  };
}

function statusValue(text: string): DeviceQueryValue | string {
  const lower = text.toLowerCase();
  if (lower === 'provisioned')
    return { kind: 'enum', values: ['ACTIVE'], includeNull: false, exclude: false };
  if (lower === 'managed')
    return { kind: 'enum', values: ['DEPROVISIONED'], includeNull: false, exclude: true };
  const upper = text.toUpperCase();
  if ((DIRECTORY_STATUSES as readonly string[]).includes(upper)) {
    return { kind: 'enum', values: [upper], includeNull: false, exclude: false };
  }
  return `Unknown status "${text}". Use ${DIRECTORY_STATUSES.join(', ')}, provisioned or managed`;
}

function aueValue(text: string): DeviceQueryValue | string {
  const lower = text.toLowerCase();
  if (lower === 'expired') return { kind: 'aueExpired' };
  if (lower === 'unknown') return { kind: 'has', field: 'aue', present: false };
  if (lower.startsWith('<')) {
    const span = parseDuration(lower.slice(1));
    if (!span) return `Invalid span "${text}". Use e.g. <6m or <12m`;
    return { kind: 'aueWithin', ...span };
  }
  return parseDateRange(text);
}

function textValue(operator: string, raw: RawValue): DeviceQueryValue | string {
  let text = raw.text;
  let prefix = false;
  if (operator === 'chrome_version' && !raw.quoted && /;prefix$/i.test(text)) {
    text = text.slice(0, -';prefix'.length);
    prefix = true;
  }
  if (operator === 'wifi_mac' || operator === 'ethernet_mac') {
    text = text.replace(/[:-]/g, '').toLowerCase();
    if (!/^[0-9a-f]{12}$/.test(text)) return `Invalid MAC address "${raw.text}". Use 12 hex digits`;
  }
  if (text.trim() === '') return `Empty value`;
  if (operator === 'id' && text.length < DEVICE_QUERY_LIMITS.minSerialPartial) {
    return `Serial search needs at least ${DEVICE_QUERY_LIMITS.minSerialPartial} characters`;
  }
  return { kind: 'text', text, prefix };
}

function orgUnitValue(raw: RawValue): DeviceQueryValue | string {
  let text = raw.text;
  let subtree = true;
  if (text.startsWith('=')) {
    subtree = false;
    text = text.slice(1);
  }
  text = text.trim();
  if (text === '') return `Empty value`;
  if (!text.startsWith('/')) text = `/${text}`;
  if (text.length > 1 && text.endsWith('/')) text = text.slice(0, -1);
  return { kind: 'orgUnit', path: text, subtree };
}

/** Why: every operator's value is checked and typed once, so the SQL compiler never re-parses. */
export function parseValue(operator: DeviceQueryOperator, raw: RawValue): DeviceQueryValue | string {
  if (raw.text === '' && operator.valueKind !== 'text') return `Empty value`;
  switch (operator.valueKind) {
    case 'text':
      return textValue(operator.name, raw);
    case 'status':
      return statusValue(raw.text);
    case 'mapped':
      return mappedValue(operator.name, raw.text);
    case 'date':
      return parseDateRange(raw.text);
    case 'aue':
      return aueValue(raw.text);
    case 'relative': {
      const span = parseDuration(raw.text);
      return span ? { kind: 'relative', ...span } : `Invalid span "${raw.text}". Use e.g. 30d, 8w, 6m or 1y`;
    }
    case 'bytes':
      return parseByteRange(raw.text, true);
    case 'storageFree':
      return parseStorageFree(raw.text);
    case 'boolean': {
      const lower = raw.text.toLowerCase();
      if (lower === 'true' || lower === 'false') return { kind: 'boolean', value: lower === 'true' };
      return `Invalid value "${raw.text}". Use true or false`;
    }
    case 'orgUnit':
      return orgUnitValue(raw);
    case 'has': {
      const lower = raw.text.toLowerCase();
      const field = HAS_FIELDS.find((name) => name === lower);
      return field
        ? { kind: 'has', field, present: true }
        : `Unknown field "${raw.text}". Use ${HAS_FIELDS.join(', ')}`;
    }
  }
}
