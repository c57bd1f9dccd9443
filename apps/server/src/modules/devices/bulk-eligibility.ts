import { sql, type RawBuilder } from 'kysely';
import { DEVICE_COMMANDS } from '@fleetdeck/shared/device-actions';
import type { BulkAction } from '@fleetdeck/shared/bulk-contract';

/**
 * Which targeted devices a bulk action changes, which are already as asked, and which Google would
 * refuse, decided on our copy with Google's rules (reference §1.3–1.4, the emulator's
 * `statusChangeProblem`): a status change is refused for devices not enrolled yet or already
 * deprovisioned, a disable of a disabled device and a re-enable of a device that is not disabled are
 * refused too, and commands reach only enrolled devices (kiosk-only ones, kiosks only). Only the
 * devices that change are sent; the others are recorded in the run as "No change" or "Skipped".
 */

/** The class of a device that will change. */
export const WILL_CHANGE = 'change';
/** The class of a device already as the action asks. */
export const ALREADY_AS_ASKED = 'same';

const KIOSK_SQL = sql<boolean>`(d.license_type = 'kioskUpgrade' or (d.raw->'osUpdateStatus'->>'targetKioskAppVersion') is not null)`;

const ANNOTATED_COLUMNS = {
  annotatedAssetId: 'annotated_asset_id',
  annotatedLocation: 'annotated_location',
  annotatedUser: 'annotated_user',
  notes: 'notes',
} as const;

/** The annotated fields a bulk edit sets, as columns and the value each will hold ('' clears). */
export function annotatedChanges(
  fields: Record<string, string | undefined>,
): { field: string; column: string; after: string | null }[] {
  return Object.entries(fields).flatMap(([field, value]) =>
    field in ANNOTATED_COLUMNS && value !== undefined
      ? [
          {
            field,
            column: ANNOTATED_COLUMNS[field as keyof typeof ANNOTATED_COLUMNS],
            after: value === '' ? null : value,
          },
        ]
      : [],
  );
}

type Rule = readonly [condition: RawBuilder<boolean>, outcome: string];

const status = (...values: string[]) =>
  sql<boolean>`coalesce(d.status in (${sql.join(values.map((v) => sql`${v}`))}), false)`;

function statusRules(action: BulkAction): Rule[] {
  switch (action.kind) {
    case 'disable':
      return [
        [status('PRE_PROVISIONED'), 'devices not enrolled yet cannot be disabled'],
        [status('DEPROVISIONED'), 'deprovisioned devices cannot be disabled'],
        [status('DISABLED'), ALREADY_AS_ASKED],
      ];
    case 'reenable':
      return [
        [status('ACTIVE'), ALREADY_AS_ASKED],
        [status('DEPROVISIONED'), 'deprovisioned devices cannot be re-enabled'],
        [sql<boolean>`not ${status('DISABLED')}`, 'only disabled devices can be re-enabled'],
      ];
    case 'deprovision':
      return [
        [status('DEPROVISIONED'), ALREADY_AS_ASKED],
        [status('PRE_PROVISIONED'), 'devices not enrolled yet cannot be deprovisioned'],
      ];
    default:
      return [];
  }
}

function rules(action: BulkAction, targetOuPath: string | undefined): Rule[] {
  switch (action.kind) {
    case 'annotate': {
      const changes = annotatedChanges(action.fields);
      if (changes.length === 0) return [[sql<boolean>`true`, ALREADY_AS_ASKED]];
      const same = sql.join(
        changes.map(
          ({ column, after }) => sql`d.${sql.ref(column)}::text is not distinct from ${after}::text`,
        ),
        sql` and `,
      );
      return [[sql<boolean>`(${same})`, ALREADY_AS_ASKED]];
    }
    case 'move':
      return [
        [sql<boolean>`d.org_unit_path is not distinct from ${targetOuPath ?? null}::text`, ALREADY_AS_ASKED],
      ];
    case 'command': {
      const info = DEVICE_COMMANDS[action.command.type];
      const list: Rule[] = [
        [
          status('DEPROVISIONED', 'PRE_PROVISIONED'),
          'commands reach only enrolled devices (deprovisioned or not enrolled yet)',
        ],
      ];
      if (info.kioskOnly)
        list.push([
          sql<boolean>`not ${KIOSK_SQL}`,
          `${info.label} is a kiosk-only command (kiosk and managed guest session devices)`,
        ]);
      const minimum = info.minimumOsMilestoneOutsideKiosk;
      if (minimum !== undefined)
        list.push([
          // As `osMilestone`: an unknown version (null here) is left to Google to judge.
          sql<boolean>`not ${KIOSK_SQL} and (case when split_part(coalesce(d.os_version, ''), '.', 1) ~ '^[0-9]{1,6}$'
            then split_part(d.os_version, '.', 1)::int end) < ${minimum}`,
          `${info.label} reaches devices outside kiosk and managed guest sessions from ChromeOS ${minimum} on`,
        ]);
      return list;
    }
    default:
      return statusRules(action);
  }
}

/** Why: one SQL expression (alias `d`) classifies every device the same way in preview and start. */
export function classifySql(action: BulkAction, targetOuPath?: string): RawBuilder<string> {
  const list = rules(action, targetOuPath);
  if (list.length === 0) return sql<string>`${WILL_CHANGE}::text`;
  const whens = sql.join(
    list.map(([condition, outcome]) => sql`when ${condition} then ${outcome}::text`),
    sql` `,
  );
  return sql<string>`(case ${whens} else ${WILL_CHANGE}::text end)`;
}

const NO_CHANGE_NOTES: Readonly<Record<BulkAction['kind'], string>> = {
  annotate: 'the device already has these values.',
  move: 'the device is already in that unit.',
  disable: 'the device is already disabled.',
  reenable: 'the device is already active.',
  deprovision: 'the device is already deprovisioned.',
  command: 'nothing to send.',
};

/** Prefix of a run's result that was not sent because the device is already as asked. */
export const NO_CHANGE_PREFIX = 'No change';

/** Why: the words a run keeps for a device it did not send, so the results explain every device. */
export function notSentNote(action: BulkAction, outcome: string): string {
  if (outcome === ALREADY_AS_ASKED) return `${NO_CHANGE_PREFIX}: ${NO_CHANGE_NOTES[action.kind]}`;
  return `Skipped: ${outcome}.`;
}
