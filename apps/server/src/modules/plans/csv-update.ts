import { cleanText, describeUnsafeCharacter, findUnsafeCharacter } from '@fleetdeck/shared/unsafe-text';
import {
  PLAN_TEXT_LIMITS,
  type CsvMapping,
  type PlanChange,
  type PlanDeviceState,
  type PlanField,
  type PlanKey,
  type PlanOutcome,
} from '@fleetdeck/shared/plan-contract';
import { appErrors } from '../../errors/app-error.ts';
import { normalizePasted } from '../fleet/device-resolve.ts';
import { columnLetters, type CsvRecord } from './csv-stream.ts';

/**
 * One CSV update row, from its cells to its outcome: the mapping bound to the header row, each
 * row's key and requested values checked on their own (a blank key, Google's field limits, a
 * status word, an OU path), then compared with the one device its key matched. A blank cell
 * leaves its field as it is unless its column says "clear".
 */

export interface BoundColumn {
  readonly index: number;
  readonly header: string;
  readonly field: PlanField;
  readonly blank: 'leave' | 'clear';
}

export interface BoundMapping {
  readonly keyIndex: number;
  readonly keyHeader: string;
  readonly by: PlanKey;
  readonly columns: readonly BoundColumn[];
  readonly notes: 'replace' | 'append';
}

const FIELD_WORDS: Readonly<Record<PlanField, string>> = {
  orgUnitPath: 'OU',
  annotatedAssetId: 'asset ID',
  annotatedLocation: 'location',
  annotatedUser: 'user',
  notes: 'notes',
  status: 'status',
};

export const KEY_WORDS: Readonly<Record<PlanKey, string>> = {
  serial: 'serial number',
  assetId: 'asset ID',
  deviceId: 'device ID',
};

/** Why: a mapping names columns by their header; each must exist once, each field be set once. */
export function bindMapping(header: readonly string[], mapping: CsvMapping): BoundMapping {
  const names = header.map((cell) => cell.trim().toLowerCase());
  const find = (column: string): number => {
    const wanted = column.trim().toLowerCase();
    const index = names.indexOf(wanted);
    if (index < 0)
      throw appErrors.invalidRequest(
        `The CSV has no column "${column}". Its header row (row 1) has: ${header
          .slice(0, 20)
          .map((cell) => `"${cell.trim()}"`)
          .join(', ')}.`,
      );
    if (names.indexOf(wanted, index + 1) >= 0)
      throw appErrors.invalidRequest(
        `The CSV has two columns named "${column}" (${columnLetters(index)} and ${columnLetters(names.indexOf(wanted, index + 1))}). Rename one of them.`,
      );
    return index;
  };
  const seen = new Set<PlanField>();
  const columns = mapping.columns.map((column): BoundColumn => {
    if (seen.has(column.field))
      throw appErrors.invalidRequest(
        `Two columns set the ${FIELD_WORDS[column.field]}. Map one column to each field.`,
      );
    seen.add(column.field);
    if (column.blank === 'clear' && (column.field === 'orgUnitPath' || column.field === 'status'))
      throw appErrors.invalidRequest(
        `A blank ${FIELD_WORDS[column.field]} cannot clear it: every device has one. Map the column with "leave as is".`,
      );
    if (column.blank === 'clear' && column.field === 'notes' && mapping.notes === 'append')
      throw appErrors.invalidRequest(
        'Appended notes cannot clear the notes. Choose "replace" to clear notes with a blank cell.',
      );
    const index = find(column.column);
    return {
      index,
      header: header[index]?.trim() ?? column.column,
      field: column.field,
      blank: column.blank,
    };
  });
  const keyIndex = find(mapping.key.column);
  return {
    keyIndex,
    keyHeader: header[keyIndex]?.trim() ?? mapping.key.column,
    by: mapping.key.by,
    columns,
    notes: mapping.notes,
  };
}

/** What a row asks for: a value per field (null clears), its key, and what is wrong with it alone. */
export interface RowRequest {
  readonly row: number;
  /** The key as written (trimmed, without control characters), '' when blank. */
  readonly key: string;
  /** The key as it is matched: case folded for serials and asset IDs, exact for device IDs. */
  readonly matchKey: string;
  readonly requested: Partial<Record<PlanField, string | null>>;
  readonly problems: readonly string[];
}

const STATUS_WORDS: Readonly<Record<string, 'disable' | 'reenable'>> = {
  disable: 'disable',
  disabled: 'disable',
  enable: 'reenable',
  enabled: 'reenable',
  reenable: 'reenable',
  're-enable': 'reenable',
  active: 'reenable',
};

/** Why: what a row asks is checked against Google's rules before any device is looked up. */
export function readRow(record: CsvRecord, mapping: BoundMapping): RowRequest {
  const key = (record.cells[mapping.keyIndex] ?? '').trim();
  const problems: string[] = [];
  const unsafeKey = findUnsafeCharacter(key, false);
  if (key === '')
    problems.push(
      `The ${mapping.keyHeader} cell is blank: a row without a ${KEY_WORDS[mapping.by]} changes no device.`,
    );
  else if (unsafeKey) problems.push(`The ${mapping.keyHeader} cell ${describeUnsafeCharacter(unsafeKey)}.`);
  const requested: Partial<Record<PlanField, string | null>> = {};
  for (const column of mapping.columns) {
    const raw = record.cells[column.index] ?? '';
    const value = column.field === 'notes' ? raw.replace(/^\s+|\s+$/g, '') : raw.trim();
    if (value === '') {
      if (column.blank === 'clear') requested[column.field] = null;
      continue;
    }
    const problem = cellProblem(column, value);
    if (problem) problems.push(problem);
    else
      requested[column.field] = column.field === 'status' ? (STATUS_WORDS[value.toLowerCase()] ?? '') : value;
  }
  // A key that cannot be matched is not looked up at all (PostgreSQL refuses a NUL in text).
  const matchKey = unsafeKey ? '' : mapping.by === 'deviceId' ? key : normalizePasted(key);
  return {
    row: record.row,
    key: (unsafeKey ? cleanText(key) : key).slice(0, 200),
    matchKey,
    requested,
    problems,
  };
}

function cellProblem(column: BoundColumn, value: string): string | undefined {
  const unsafe = findUnsafeCharacter(value, column.field === 'notes');
  if (unsafe) return `The ${column.header} cell ${describeUnsafeCharacter(unsafe)}.`;
  const limit = PLAN_TEXT_LIMITS[column.field];
  if (limit !== undefined && value.length > limit)
    return `The ${column.header} cell has ${value.length} characters; Google allows at most ${limit} for the ${FIELD_WORDS[column.field]}.`;
  if (column.field === 'status' && STATUS_WORDS[value.toLowerCase()] === undefined)
    return `The ${column.header} cell says "${value.slice(0, 40)}"; write "disable" or "re-enable" (or leave it blank).`;
  if (column.field === 'orgUnitPath' && !value.startsWith('/'))
    return `The ${column.header} cell "${value.slice(0, 100)}" is not an OU path; write the full path from "/" (for example /Students/Grade 6).`;
  return undefined;
}

/** The device a row's key matched, as a plan compares it. */
export interface CurrentDevice {
  readonly device_id: string;
  readonly serial_number: string | null;
  readonly annotated_asset_id: string | null;
  readonly annotated_location: string | null;
  readonly annotated_user: string | null;
  readonly notes: string | null;
  readonly status: string | null;
  readonly org_unit_path: string | null;
}

export interface Classified {
  readonly outcome: Extract<PlanOutcome, 'change' | 'unchanged' | 'invalid'>;
  readonly reason: string | null;
  readonly before: PlanDeviceState;
  readonly change: PlanChange | null;
}

/** What the organization's units answer for a plan: the stored spelling of a path, and whether the author may act there. */
export interface UnitLookup {
  find(path: string): string | undefined;
  inAuthorUnits(path: string): boolean;
}

export function stateOf(device: CurrentDevice): PlanDeviceState {
  return {
    orgUnitPath: device.org_unit_path,
    annotatedAssetId: device.annotated_asset_id,
    annotatedLocation: device.annotated_location,
    annotatedUser: device.annotated_user,
    notes: device.notes,
    status: device.status,
  };
}

/** Why: a plan lists, per device, only what will really change, and why a change cannot be made. */
export function classifyRow(
  request: RowRequest,
  device: CurrentDevice,
  units: UnitLookup,
  notesMode: 'replace' | 'append',
): Classified {
  const before = stateOf(device);
  const problems: string[] = [];
  const change: PlanChange = {};
  for (const [field, value] of Object.entries(request.requested) as [PlanField, string | null][]) {
    if (field === 'orgUnitPath') {
      const target = units.find(value ?? '');
      if (target === undefined)
        problems.push(
          `No organizational unit ${(value ?? '').slice(0, 200)} in this organization. Check the path, or run a sync.`,
        );
      else if (!units.inAuthorUnits(target)) problems.push(`The unit ${target} lies outside your units.`);
      else if (target.toLowerCase() !== (device.org_unit_path ?? '').toLowerCase())
        change.orgUnitPath = target;
    } else if (field === 'status') {
      const problem = statusProblem(value as 'disable' | 'reenable', device.status);
      if (problem === 'same') continue;
      if (problem) problems.push(problem);
      else change.status = value as 'disable' | 'reenable';
    } else if (field === 'notes' && notesMode === 'append') {
      const appended = appendNote(device.notes, value ?? '');
      if (appended.length > (PLAN_TEXT_LIMITS.notes ?? 500))
        problems.push(
          `The notes would have ${appended.length} characters once this one is appended; Google allows at most ${PLAN_TEXT_LIMITS.notes}.`,
        );
      else if (appended !== (device.notes ?? '')) change.notes = appended;
    } else if ((value ?? '') !== (before[field] ?? '')) change[field] = value ?? '';
  }
  if (problems.length > 0) return { outcome: 'invalid', reason: problems.join(' '), before, change: null };
  if (Object.keys(change).length === 0)
    return { outcome: 'unchanged', reason: 'The device already has these values.', before, change: null };
  return { outcome: 'change', reason: null, before, change };
}

/** A note appended on a new line; a note already at the end of the notes is not appended again. */
function appendNote(current: string | null, note: string): string {
  if (!current) return note;
  if (current === note || current.endsWith(`\n${note}`)) return current;
  return `${current}\n${note}`;
}

/** Google's status rules (bulk-eligibility.ts): why not, 'same' when already as asked, undefined when it can change. */
function statusProblem(action: 'disable' | 'reenable', status: string | null): string | undefined {
  if (action === 'disable') {
    if (status === 'DISABLED') return 'same';
    if (status === 'PRE_PROVISIONED') return 'A device not enrolled yet cannot be disabled.';
    if (status === 'DEPROVISIONED') return 'A deprovisioned device cannot be disabled.';
    return undefined;
  }
  if (status === 'ACTIVE') return 'same';
  if (status === 'DEPROVISIONED') return 'A deprovisioned device cannot be re-enabled.';
  if (status !== 'DISABLED') return 'Only a disabled device can be re-enabled.';
  return undefined;
}

/** Why: two rows with one key conflict unless they ask the same; this compares what they ask. */
export function requestSignature(request: RowRequest): string {
  const asked = Object.entries(request.requested).sort(([a], [b]) => a.localeCompare(b));
  return JSON.stringify([asked, request.problems]);
}
