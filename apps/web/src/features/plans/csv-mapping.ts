import type { CsvMapping, PlanField, PlanKey } from '@fleetdeck/shared/plan-contract';

/** What one column of the CSV is used as: the key, a field, or nothing. */
export type ColumnUse = 'ignore' | `key:${PlanKey}` | `field:${PlanField}`;

export interface ColumnChoice {
  readonly column: string;
  readonly use: ColumnUse;
  /** A blank cell leaves the field as it is, or clears it (never the OU or the status). */
  readonly blank: 'leave' | 'clear';
}

export interface MappingDraft {
  readonly columns: ColumnChoice[];
  readonly notes: 'replace' | 'append';
}

export const COLUMN_USE_LABELS: Readonly<Record<ColumnUse, string>> = {
  ignore: 'Not used',
  'key:serial': 'Key: serial number',
  'key:assetId': 'Key: asset ID',
  'key:deviceId': 'Key: device ID',
  'field:orgUnitPath': 'Organizational unit',
  'field:annotatedAssetId': 'Asset ID',
  'field:annotatedLocation': 'Location',
  'field:annotatedUser': 'User',
  'field:notes': 'Notes',
  'field:status': 'Status (disable / re-enable)',
};

/** Fields a blank cell may clear: OU and status have no "empty" value. */
export function canClear(use: ColumnUse): boolean {
  return use.startsWith('field:') && use !== 'field:orgUnitPath' && use !== 'field:status';
}

const normalize = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

const KEY_NAMES: ReadonlyArray<readonly [PlanKey, readonly string[]]> = [
  ['serial', ['serial', 'serialnumber', 'serialno', 'sn', 'crossn', 'devicesn']],
  ['deviceId', ['deviceid', 'googledeviceid', 'directorydeviceid']],
  ['assetId', ['assetid', 'asset', 'assettag', 'annotatedassetid', 'assetnumber']],
];

const FIELD_NAMES: ReadonlyArray<readonly [PlanField, readonly string[]]> = [
  [
    'orgUnitPath',
    ['ou', 'orgunit', 'orgunitpath', 'organizationalunit', 'oupath', 'neworgunitpath', 'newou'],
  ],
  ['annotatedAssetId', ['assetid', 'asset', 'assettag', 'annotatedassetid', 'assetnumber']],
  ['annotatedLocation', ['location', 'annotatedlocation', 'room', 'building']],
  ['annotatedUser', ['user', 'annotateduser', 'assigneduser', 'assignedto', 'student', 'owner']],
  ['notes', ['notes', 'note', 'comment', 'comments', 'annotatednotes']],
  ['status', ['status', 'action', 'state']],
];

/**
 * Why: each column's use guessed from its header, so a usual spreadsheet needs no editing: the
 * key is the serial if there is one, else the device ID, else the asset ID; a field is taken by
 * its first matching column only; anything else is not used.
 */
export function guessMapping(headers: readonly string[]): MappingDraft {
  const names = headers.map(normalize);
  let keyIndex = -1;
  let key: PlanKey | undefined;
  for (const [candidate, aliases] of KEY_NAMES) {
    keyIndex = names.findIndex((name) => aliases.includes(name));
    if (keyIndex >= 0) {
      key = candidate;
      break;
    }
  }
  const taken = new Set<PlanField>();
  const columns = headers.map((column, index): ColumnChoice => {
    if (index === keyIndex && key) return { column, use: `key:${key}`, blank: 'leave' };
    const field = FIELD_NAMES.find(
      ([candidate, aliases]) => !taken.has(candidate) && aliases.includes(names[index] ?? ''),
    )?.[0];
    if (!field) return { column, use: 'ignore', blank: 'leave' };
    taken.add(field);
    return { column, use: `field:${field}`, blank: 'leave' };
  });
  return { columns, notes: 'replace' };
}

/** The mapping the server takes, or what is missing from it, in words. */
export function toCsvMapping(draft: MappingDraft): { mapping: CsvMapping } | { problem: string } {
  const keys = draft.columns.filter((choice) => choice.use.startsWith('key:'));
  if (keys.length === 0)
    return { problem: 'Choose the column that finds each device: a serial number, asset ID or device ID.' };
  if (keys.length > 1)
    return {
      problem: `Only one column can find the devices; ${keys.map((k) => `“${k.column}”`).join(' and ')} both do.`,
    };
  const fields = draft.columns.filter((choice) => choice.use.startsWith('field:'));
  if (fields.length === 0)
    return {
      problem: 'Choose at least one column to change (OU, asset ID, location, user, notes or status).',
    };
  const seen = new Map<string, string>();
  for (const choice of fields) {
    const earlier = seen.get(choice.use);
    if (earlier)
      return {
        problem: `“${earlier}” and “${choice.column}” would both set ${COLUMN_USE_LABELS[choice.use]}; keep one.`,
      };
    seen.set(choice.use, choice.column);
  }
  const [keyChoice] = keys;
  if (!keyChoice) return { problem: 'Choose the key column.' };
  return {
    mapping: {
      key: { column: keyChoice.column, by: keyChoice.use.slice(4) as PlanKey },
      columns: fields.map((choice) => ({
        column: choice.column,
        field: choice.use.slice(6) as PlanField,
        blank: canClear(choice.use) ? choice.blank : 'leave',
      })),
      notes: draft.notes,
    },
  };
}
