import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { ScrollRegion } from '../../../components/ui/scroll-region.tsx';
import type { CsvHead } from '../csv-head.ts';
import { COLUMN_USE_LABELS, canClear, type ColumnUse, type MappingDraft } from '../csv-mapping.ts';

const USES = Object.keys(COLUMN_USE_LABELS) as ColumnUse[];

/** Each column of the file, its sample values, what it is used as, and what a blank cell does. */
export function CsvMappingTable({
  head,
  draft,
  onChange,
}: {
  head: CsvHead;
  draft: MappingDraft;
  onChange: (draft: MappingDraft) => void;
}) {
  const update = (index: number, patch: Partial<MappingDraft['columns'][number]>) =>
    onChange({
      ...draft,
      columns: draft.columns.map((choice, at) => (at === index ? { ...choice, ...patch } : choice)),
    });
  const notesMapped = draft.columns.some((choice) => choice.use === 'field:notes');
  return (
    <div className="flex flex-col gap-4">
      <ScrollRegion label="Column mapping" className="overflow-x-auto">
        <table className="w-full min-w-[42rem] text-left text-sm" data-testid="csv-mapping">
          <thead className="border-b border-border text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Column
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                First values
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Use as
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Blank cells
              </th>
            </tr>
          </thead>
          <tbody>
            {draft.columns.map((choice, index) => (
              <MappingRow
                key={`${index}-${choice.column}`}
                choice={choice}
                index={index}
                samples={head.samples}
                onChange={(patch) => update(index, patch)}
              />
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      {notesMapped ? (
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor="csv-notes-mode" className="text-sm font-medium">
            Notes
          </label>
          <NativeSelect
            id="csv-notes-mode"
            className="w-72"
            value={draft.notes}
            onChange={(event) => onChange({ ...draft, notes: event.target.value as 'replace' | 'append' })}
          >
            <option value="replace">Replace the device’s notes</option>
            <option value="append">Add to the end of the device’s notes</option>
          </NativeSelect>
        </div>
      ) : null}
    </div>
  );
}

type Choice = MappingDraft['columns'][number];

/** One column: its header, first values, use and blank-cell rule. */
function MappingRow({
  choice,
  index,
  samples,
  onChange,
}: {
  choice: Choice;
  index: number;
  samples: readonly string[][];
  onChange: (patch: Partial<Choice>) => void;
}) {
  return (
    <tr className="border-b border-border last:border-0" data-testid="csv-column">
      <th scope="row" className="min-w-32 px-3 py-2 font-medium break-words">
        {choice.column || `(column ${index + 1} has no header)`}
      </th>
      <td className="max-w-56 px-3 py-2 text-xs text-muted-foreground">
        {samples
          .map((row) => row[index] ?? '')
          .filter((value) => value !== '')
          .slice(0, 3)
          .join(', ') || '(blank)'}
      </td>
      <td className="px-3 py-2">
        <NativeSelect
          aria-label={`Use of column ${choice.column || index + 1}`}
          className="min-w-48"
          value={choice.use}
          disabled={choice.column === ''}
          onChange={(event) => onChange({ use: event.target.value as ColumnUse })}
        >
          {USES.map((use) => (
            <option key={use} value={use}>
              {COLUMN_USE_LABELS[use]}
            </option>
          ))}
        </NativeSelect>
      </td>
      <td className="px-3 py-2">
        {canClear(choice.use) ? (
          <NativeSelect
            aria-label={`Blank cells of column ${choice.column}`}
            className="min-w-44"
            value={choice.blank}
            onChange={(event) => onChange({ blank: event.target.value as 'leave' | 'clear' })}
          >
            <option value="leave">Leave as they are</option>
            <option value="clear">Clear the field</option>
          </NativeSelect>
        ) : (
          <span className="text-xs text-muted-foreground">
            {choice.use === 'ignore'
              ? '—'
              : choice.use.startsWith('key:')
                ? 'Row is invalid'
                : 'Leave as they are'}
          </span>
        )}
      </td>
    </tr>
  );
}
