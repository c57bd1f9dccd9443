import type { ReactNode } from 'react';
import { TriangleAlert } from 'lucide-react';
import type { BulkPreview } from '@fleetdeck/shared/bulk-contract';
import { humanizeGoogleValue } from '../../../lib/google-values.ts';
import type { BulkKind } from '../bulk-kinds.ts';
import { bulkWording, type BulkWording } from '../bulk-wording.ts';
import { formatCount } from '../format.ts';

const FIELD_LABELS: Record<string, string> = {
  orgUnitPath: 'Organizational unit',
  status: 'Status',
  annotatedAssetId: 'Asset ID',
  annotatedLocation: 'Location',
  annotatedUser: 'User',
  notes: 'Notes',
};

const SHOWN_OUS = 8;

/**
 * The blast radius of a bulk action: the devices targeted, how many change, which are already as
 * asked and which are not eligible (and why), and for the devices that change: which OUs, what
 * changes from → to.
 */
export function BulkPreviewPanel({ kind, preview }: { kind: BulkKind; preview: BulkPreview }) {
  const words = bulkWording(kind, preview);
  return (
    <div className="flex flex-col gap-4 text-sm" data-testid="bulk-preview">
      <PreviewCounts preview={preview} words={words} />
      {words.ineligible.length > 0 ? <IneligibleList lines={words.ineligible} /> : null}
      {preview.destructive ? (
        <p className="flex gap-2 rounded-md bg-danger-subtle px-3 py-2 text-danger-subtle-foreground">
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          This cannot be undone from Fleetdeck.
        </p>
      ) : null}
      {preview.diff.length > 0 ? <DiffTable diff={preview.diff} /> : null}
      {preview.returnMessages ? (
        <ReturnMessages preview={preview} returnMessages={preview.returnMessages} />
      ) : null}
      {preview.changeCount > 0 ? <UnitsAndSample preview={preview} /> : null}
    </div>
  );
}

/** The numbers: targeted, changing (in how many units), already as asked, left out and why. */
function PreviewCounts({ preview, words }: { preview: BulkPreview; words: BulkWording }) {
  return (
    <div className="flex flex-wrap items-baseline gap-x-6 gap-y-1">
      <p data-testid="bulk-preview-targeted">
        <span className="text-2xl font-semibold tabular-nums">{formatCount(preview.deviceCount)}</span>{' '}
        {preview.deviceCount === 1 ? 'device' : 'devices'} targeted
      </p>
      <p className="font-medium" data-testid="bulk-preview-count">
        {words.changing}
      </p>
      {preview.changeCount > 0 ? (
        <p className="text-muted-foreground">
          in {formatCount(preview.orgUnits.length)}{' '}
          {preview.orgUnits.length === 1 ? 'organizational unit' : 'organizational units'}
        </p>
      ) : null}
      {words.unchanged ? (
        <p className="text-muted-foreground" data-testid="bulk-preview-unchanged">
          {words.unchanged}
        </p>
      ) : null}
      {preview.notInYourUnits > 0 ? (
        <p className="text-muted-foreground" data-testid="bulk-preview-not-in-units">
          {formatCount(preview.notInYourUnits)} not in your units: left out
        </p>
      ) : null}
      {preview.skipped - preview.notInYourUnits > 0 ? (
        <p className="text-muted-foreground">
          {formatCount(preview.skipped - preview.notInYourUnits)} left out (no longer in the fleet)
        </p>
      ) : null}
    </div>
  );
}

function SectionHeading({ children }: { children: ReactNode }) {
  return (
    <h3 className="mb-1.5 text-xs font-medium tracking-wide text-muted-foreground uppercase">{children}</h3>
  );
}

/** Devices Google would refuse, one line per reason. */
function IneligibleList({ lines }: { lines: readonly string[] }) {
  return (
    <section aria-label="Not eligible" data-testid="bulk-preview-ineligible">
      <SectionHeading>Not eligible: not sent to Google</SectionHeading>
      <ul className="flex flex-col gap-0.5">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </section>
  );
}

/** Each field that changes: its values now (with counts) → the one value it will hold. */
function DiffTable({ diff }: { diff: BulkPreview['diff'] }) {
  return (
    <section aria-label="Changes">
      <SectionHeading>Changes</SectionHeading>
      <table className="w-full text-left">
        <tbody>
          {diff.map((change) => (
            <tr key={change.field} className="border-t border-border align-top first:border-t-0">
              <th scope="row" className="w-40 py-1.5 pr-3 font-medium">
                {FIELD_LABELS[change.field] ?? change.field}
              </th>
              <td className="py-1.5">
                <DiffValues change={change} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function DiffValues({ change }: { change: BulkPreview['diff'][number] }) {
  return (
    <ul className="flex flex-col gap-0.5">
      {change.before.slice(0, 6).map((before) => (
        <li key={before.value ?? '∅'} className="flex flex-wrap items-baseline gap-x-2">
          <span className="truncate font-mono text-xs text-muted-foreground line-through decoration-muted-foreground/50">
            {displayValue(change.field, before.value)}
          </span>
          <span className="text-muted-foreground" aria-label="becomes">
            →
          </span>
          <span className="font-mono text-xs font-medium text-foreground">
            {displayValue(change.field, change.after)}
          </span>
          <span className="text-xs text-muted-foreground tabular-nums">×{formatCount(before.count)}</span>
        </li>
      ))}
      {change.before.length > 6 ? (
        <li className="text-xs text-muted-foreground">and {change.before.length - 6} other values</li>
      ) : null}
    </ul>
  );
}

/** The units the changing devices are in, and a few of them. */
function UnitsAndSample({ preview }: { preview: BulkPreview }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <section aria-label="Organizational units touched">
        <SectionHeading>Organizational units</SectionHeading>
        <ul className="flex flex-col gap-0.5">
          {preview.orgUnits.slice(0, SHOWN_OUS).map((unit) => (
            <li key={unit.orgUnitPath} className="flex justify-between gap-3">
              <span className="truncate font-mono text-xs">{unit.orgUnitPath}</span>
              <span className="text-xs text-muted-foreground tabular-nums">{formatCount(unit.count)}</span>
            </li>
          ))}
          {preview.orgUnits.length > SHOWN_OUS ? (
            <li className="text-xs text-muted-foreground">and {preview.orgUnits.length - SHOWN_OUS} more</li>
          ) : null}
        </ul>
      </section>
      <section aria-label="Sample of devices">
        <SectionHeading>For example</SectionHeading>
        <ul className="flex flex-col gap-0.5">
          {preview.sample.map((device) => (
            <li key={device.deviceId} className="flex justify-between gap-3 text-xs">
              <span className="font-mono">{device.serialNumber ?? device.deviceId}</span>
              <span className="truncate text-muted-foreground">{device.model}</span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

function displayValue(field: string, value: string | null): string {
  if (value === null || value === '') return '(empty)';
  return field === 'status' ? humanizeGoogleValue(value) : value;
}

type UnitReturnMessage = NonNullable<BulkPreview['returnMessages']>[number];

/** Bulk disable: what each touched unit's devices will show, read from its policy (read-only). */
function ReturnMessages({
  preview,
  returnMessages,
}: {
  preview: BulkPreview;
  returnMessages: readonly UnitReturnMessage[];
}) {
  const unread = preview.orgUnits.length - returnMessages.length;
  return (
    <section aria-label="Return messages" data-testid="bulk-return-messages">
      <SectionHeading>What the devices will show (from each unit&apos;s policy)</SectionHeading>
      <ul className="flex flex-col gap-2">
        {returnMessages.map((unit) => (
          <li key={unit.orgUnitPath} className="flex flex-col gap-0.5">
            <span className="font-mono text-xs">{unit.orgUnitPath}</span>
            <span className="text-xs">{unitMessage(unit)}</span>
          </li>
        ))}
      </ul>
      {unread > 0 ? (
        <p className="mt-1 text-xs text-muted-foreground">
          and {formatCount(unread)} more {unread === 1 ? 'unit' : 'units'}, each showing its own policy&apos;s
          message (see the policy debugger)
        </p>
      ) : null}
    </section>
  );
}

function unitMessage(unit: UnitReturnMessage): string {
  if (unit.state === 'unavailable') return `Could not be read from Google: ${unit.error ?? 'no answer'}`;
  if (unit.state === 'not_set') return "Not set: Google's default disabled-device screen.";
  const where =
    unit.sourcePath === null
      ? ''
      : unit.sourcePath === unit.orgUnitPath
        ? ' (set here)'
        : ` (set on ${unit.sourcePath})`;
  return `“${unit.message ?? ''}”${where}`;
}
