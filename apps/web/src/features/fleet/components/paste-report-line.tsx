import type { ResolveDevicesResponse } from '@fleetdeck/shared/fleet-contract';
import { Badge } from '../../../components/ui/badge.tsx';
import { formatCount } from '../format.ts';
import { noMatchHints } from '../paste-summary.ts';

type Line = ResolveDevicesResponse['lines'][number];

/**
 * One pasted line in the paste report: its result (one match, several, none, or a repeat of an
 * earlier line) and the devices it matched, or for no match what it may have meant.
 */
export function PasteReportLine({ line, repeatOf }: { line: Line; repeatOf: number | undefined }) {
  const details =
    line.matchCount === 0 && repeatOf === undefined ? <NoMatchHints line={line} /> : <Matches line={line} />;
  return (
    <tr
      className="border-t border-border align-top"
      data-testid="paste-line"
      data-match-count={line.matchCount}
    >
      <td className="px-3 py-1.5 text-xs text-muted-foreground tabular-nums">{line.line}</td>
      <td className="px-3 py-1.5 font-mono text-[0.8125rem] break-all">{line.input}</td>
      <td className="px-3 py-1.5 whitespace-nowrap">
        {repeatOf !== undefined ? (
          <Badge>
            {line.duplicateOfLine === null ? 'Same device as line' : 'Repeats line'} {repeatOf}
          </Badge>
        ) : line.matchCount === 0 ? (
          <Badge tone="danger">No match</Badge>
        ) : line.matchCount === 1 ? (
          <Badge tone="success">1 match</Badge>
        ) : (
          <Badge tone="warning">{formatCount(line.matchCount)} matches</Badge>
        )}
        {/* On a phone the device column is left out: what it says goes under the result. */}
        <div className="mt-1 text-xs whitespace-normal sm:hidden">{details}</div>
      </td>
      <td className="hidden px-3 py-1.5 text-xs sm:table-cell">{details}</td>
    </tr>
  );
}

function Matches({ line }: { line: Line }) {
  return (
    <>
      {line.matches.map((match) => (
        <div key={match.deviceId} className="flex flex-wrap gap-x-2">
          <span className="font-mono text-foreground">{match.serialNumber ?? match.deviceId}</span>
          {match.annotatedAssetId ? <span>asset {match.annotatedAssetId}</span> : null}
          <span className="text-muted-foreground">{match.model}</span>
          <span className="text-muted-foreground">{match.orgUnitPath}</span>
        </div>
      ))}
      {line.matchCount > line.matches.length ? (
        <div className="text-muted-foreground">
          and {formatCount(line.matchCount - line.matches.length)} more
        </div>
      ) : null}
    </>
  );
}

/** "No exact match; 12 serials begin with it" with the first few, and "Did you mean …?". */
function NoMatchHints({ line }: { line: Line }) {
  const { prefix, prefixSerials, near } = noMatchHints(line.suggestions);
  if (prefix === null && near === null) return null;
  const more = (line.suggestions?.prefixCount ?? 0) > prefixSerials.length;
  return (
    <div className="flex flex-col gap-1" data-testid="paste-hint">
      {prefix !== null ? (
        <div>
          <span className="text-foreground">{prefix}:</span>{' '}
          <span className="font-mono">{prefixSerials.join(', ')}</span>
          {more ? <span className="text-muted-foreground">, …</span> : null}
        </div>
      ) : null}
      {near !== null ? <div className="text-foreground">{near}</div> : null}
    </div>
  );
}
