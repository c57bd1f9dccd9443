/**
 * Telemetry `filter` and `readMask` (reference §2.2). The filter is `field op value` terms joined
 * with AND; fields may be snake_case or camelCase; `reports_timestamp` takes epoch milliseconds or a
 * quoted RFC 3339 instant. Without a `reports_timestamp` term only recent reports come back.
 */
import { GoogleApiError } from '../http/google-errors.ts';

export function rpcInvalid(message: string): GoogleApiError {
  return new GoogleApiError({ httpStatus: 400, reason: 'invalid', message });
}

export interface TelemetryFilter {
  orgUnitId?: string;
  serialNumber?: string;
  deviceId?: string;
  /** Report window; undefined means "recent reports only". */
  reportsFrom?: number;
  reportsTo?: number;
}

export const toCamel = (name: string) => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

const TERM = /^\s*([A-Za-z_]+)\s*(>=|<=|=|>|<)\s*("[^"]*"|'[^']*'|[^\s]+)\s*$/;

export function parseTelemetryFilter(text: string | undefined): TelemetryFilter {
  const filter: TelemetryFilter = {};
  if (!text?.trim()) return filter;
  for (const part of text.split(/\s+AND\s+/)) {
    const match = TERM.exec(part);
    if (!match) throw rpcInvalid(`Invalid filter: ${text}`);
    const field = toCamel(match[1] as string);
    const op = match[2] as string;
    const raw = match[3] as string;
    const value = /^["']/.test(raw) ? raw.slice(1, -1) : raw;
    if (field === 'reportsTimestamp') {
      const at = parseTimestamp(value);
      if (at === undefined) throw rpcInvalid(`Invalid reports_timestamp: ${value}`);
      if (op === '>=' || op === '>' || op === '=')
        filter.reportsFrom = Math.max(filter.reportsFrom ?? 0, at + (op === '>' ? 1 : 0));
      if (op === '<=' || op === '<' || op === '=')
        filter.reportsTo = Math.min(filter.reportsTo ?? Infinity, at - (op === '<' ? 1 : 0));
      continue;
    }
    if (op !== '=') throw rpcInvalid(`Invalid operator for ${match[1]}: ${op}`);
    if (field === 'orgUnitId') filter.orgUnitId = value.startsWith('id:') ? value.slice(3) : value;
    else if (field === 'serialNumber') filter.serialNumber = value;
    else if (field === 'deviceId') filter.deviceId = value;
    else throw rpcInvalid(`Invalid filter field: ${match[1]}`);
  }
  return filter;
}

function parseTimestamp(value: string): number | undefined {
  if (/^\d+$/.test(value)) return Number(value);
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?Z$/.test(value)) return undefined;
  const at = Date.parse(value.replace(/(\.\d{3})\d+Z$/, '$1Z'));
  return Number.isNaN(at) ? undefined : at;
}

/** Parses a FieldMask of top-level paths (snake or camel) against the allowed names. */
export function parseReadMask(
  text: string | undefined,
  allowed: readonly string[],
  name = 'readMask',
): Set<string> {
  if (!text?.trim()) throw rpcInvalid(`${name} is required.`);
  const fields = new Set<string>();
  for (const raw of text.split(',')) {
    const path = toCamel(raw.trim().split('.')[0] ?? '');
    if (!allowed.includes(path)) throw rpcInvalid(`Invalid field in ${name}: ${raw.trim()}`);
    fields.add(path);
  }
  return fields;
}
