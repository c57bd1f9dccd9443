import { useMemo, useState, type SyntheticEvent } from 'react';
import type { ResolveDevicesResponse } from '@fleetdeck/shared/fleet-contract';
import { FLEET_LIST_LIMITS } from '@fleetdeck/shared/fleet-columns';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { useResolveDevices } from '../api/resolve-devices.ts';
import { formatCount } from '../format.ts';
import { summarizePaste, unmatchedLines, type UnmatchedLine } from '../paste-summary.ts';
import { PasteReportLine } from './paste-report-line.tsx';
import { ScrollRegion } from '../../../components/ui/scroll-region.tsx';
import { SafeTextForm } from '../../../components/ui/safe-text-form.tsx';

type MatchBy = 'auto' | 'serial' | 'assetId';

/** The pasted text and how to match it, kept while the report shows so Edit the list returns to it. */
function usePasteForm() {
  const [text, setText] = useState('');
  const [by, setBy] = useState<MatchBy>('auto');
  const [column, setColumn] = useState('');
  const lineCount = text.split(/\r?\n/).filter((line) => line.trim() !== '').length;
  const tooLong = text.length > FLEET_LIST_LIMITS.resolveChars || lineCount > FLEET_LIST_LIMITS.resolveLines;
  return { text, setText, by, setBy, column, setColumn, lineCount, tooLong };
}

type PasteForm = ReturnType<typeof usePasteForm>;

/** Match on serial, asset ID or either; which CSV column holds them; how many lines there are. */
function MatchOptions({ form }: { form: PasteForm }) {
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="flex flex-col gap-1.5">
        <label htmlFor="paste-list-by" className="text-sm font-medium">
          Match on
        </label>
        <NativeSelect
          id="paste-list-by"
          value={form.by}
          onChange={(event) => form.setBy(event.target.value as MatchBy)}
          className="w-44"
        >
          <option value="auto">Serial or asset ID</option>
          <option value="serial">Serial number</option>
          <option value="assetId">Asset ID</option>
        </NativeSelect>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="paste-list-column" className="text-sm font-medium">
          CSV column <span className="font-normal text-muted-foreground">(optional)</span>
        </label>
        <Input
          id="paste-list-column"
          value={form.column}
          maxLength={200}
          onChange={(event) => form.setColumn(event.target.value)}
          placeholder="Header name or number"
          className="w-52"
        />
      </div>
      <span className="ml-auto text-xs text-muted-foreground tabular-nums">
        {formatCount(form.lineCount)} {form.lineCount === 1 ? 'line' : 'lines'}
      </span>
    </div>
  );
}

/** The list to paste and how to match it; Find devices asks the server to match each line. */
function PasteListForm({
  form,
  resolve,
  onClose,
}: {
  form: PasteForm;
  resolve: ReturnType<typeof useResolveDevices>;
  onClose: () => void;
}) {
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const column = form.column.trim();
    resolve.mutate({ text: form.text, by: form.by, ...(column ? { column } : {}) });
  };
  return (
    <SafeTextForm onSubmit={submit} className="flex min-h-0 flex-col gap-3">
      <label htmlFor="paste-list-text" className="sr-only">
        Serial numbers or asset IDs
      </label>
      <Textarea
        id="paste-list-text"
        value={form.text}
        onChange={(event) => form.setText(event.target.value)}
        rows={10}
        autoFocus
        spellCheck={false}
        placeholder={'5CD1234XYZ\n5CD1234XZ0\n…'}
        className="font-mono text-[0.8125rem]"
        aria-invalid={form.tooLong || undefined}
      />
      <MatchOptions form={form} />
      {form.tooLong ? (
        <FormMessage>
          Paste at most {formatCount(FLEET_LIST_LIMITS.resolveLines)} lines at a time; split the list and
          resolve it in parts.
        </FormMessage>
      ) : null}
      {resolve.error ? <FormMessage>{resolve.error.message}</FormMessage> : null}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={form.lineCount === 0 || form.tooLong || resolve.isPending}>
          {resolve.isPending ? 'Matching…' : 'Find devices'}
        </Button>
      </div>
    </SafeTextForm>
  );
}

/**
 * Paste a list of serials or asset IDs (one a line, or a CSV column). Each line is matched
 * exactly and reported as no match, one, or several before anything can act on the devices; the
 * uniquely matched ones are then shown in the table, selected when the admin may act on them.
 */
export function PasteListDialog({
  onClose,
  onShow,
  canSelect,
}: {
  onClose: () => void;
  /** The devices matched exactly, in the list's order, and the lines that matched none or several. */
  onShow: (deviceIds: string[], unmatched: UnmatchedLine[]) => void;
  canSelect: boolean;
}) {
  const form = usePasteForm();
  const resolve = useResolveDevices();
  const report = resolve.data;
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        title="Paste a list of devices"
        description="Serial numbers or asset IDs, one per line, or a CSV with a column of them. Matches are exact."
        className="max-h-[90dvh] w-[min(46rem,calc(100vw-2rem))]"
      >
        {report ? (
          <ResolveReport
            report={report}
            canSelect={canSelect}
            onBack={() => resolve.reset()}
            onShow={() => onShow(report.uniqueDeviceIds, unmatchedLines(report.lines))}
          />
        ) : (
          <PasteListForm form={form} resolve={resolve} onClose={onClose} />
        )}
      </DialogContent>
    </Dialog>
  );
}

/** Each line's result, problems first if asked, then Select (or Show) the devices matched exactly. */
function ResolveReport({
  report,
  canSelect,
  onBack,
  onShow,
}: {
  report: ResolveDevicesResponse;
  canSelect: boolean;
  onBack: () => void;
  onShow: () => void;
}) {
  const [problemsOnly, setProblemsOnly] = useState(false);
  const { none, many, repeatOf } = useMemo(() => summarizePaste(report.lines), [report.lines]);
  const lines = problemsOnly
    ? report.lines.filter((line) => line.matchCount !== 1 || repeatOf.has(line.line))
    : report.lines;
  const unique = report.uniqueDeviceIds.length;
  const devices = unique === 1 ? 'device' : 'devices';
  return (
    <div className="flex min-h-0 flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="paste-summary">
        <Badge tone="success">
          {formatCount(unique)} {devices} matched exactly
        </Badge>
        <Badge tone={none > 0 ? 'danger' : 'neutral'}>{formatCount(none)} no match</Badge>
        <Badge tone={many > 0 ? 'warning' : 'neutral'}>{formatCount(many)} several matches</Badge>
        {repeatOf.size > 0 ? <Badge>{formatCount(repeatOf.size)} repeated</Badge> : null}
        <label className="ml-auto flex items-center gap-2 text-xs text-muted-foreground">
          <input
            type="checkbox"
            className="size-3.5 accent-[var(--color-accent)]"
            checked={problemsOnly}
            onChange={(event) => setProblemsOnly(event.target.checked)}
          />
          Only lines that need attention
        </label>
      </div>
      <ScrollRegion
        label="Matches per line"
        className="min-h-0 max-h-[50dvh] overflow-auto rounded-md border border-border"
      >
        <table className="w-full text-left text-sm" aria-label="Matches per line">
          <thead className="sticky top-0 bg-muted text-xs text-muted-foreground">
            <tr>
              <th className="px-3 py-1.5 font-medium">Line</th>
              <th className="px-3 py-1.5 font-medium">Pasted</th>
              <th className="px-3 py-1.5 font-medium">Result</th>
              <th className="hidden px-3 py-1.5 font-medium sm:table-cell">Device</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => (
              <PasteReportLine key={line.line} line={line} repeatOf={repeatOf.get(line.line)} />
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      {report.unsuggested > 0 ? (
        <p className="text-xs text-muted-foreground" data-testid="paste-unsuggested">
          Suggestions are shown for the first {formatCount(FLEET_LIST_LIMITS.resolveSuggestValues)} values
          without a match; {formatCount(report.unsuggested)} more were not looked at.
        </p>
      ) : null}
      {many > 0 ? (
        <p className="text-xs text-muted-foreground">
          Lines with several matches are left out of the selection: make them specific (a full serial) and
          resolve again.
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onBack}>
          Edit the list
        </Button>
        <Button onClick={onShow} disabled={unique === 0}>
          {canSelect ? 'Select' : 'Show'} {formatCount(unique)} {devices}
        </Button>
      </div>
    </div>
  );
}
