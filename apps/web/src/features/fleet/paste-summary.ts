import type { ResolveDevicesResponse, ResolveSuggestions } from '@fleetdeck/shared/fleet-contract';
import { formatCount } from './format.ts';

/**
 * A pasted list's report counted the way the admin reads it: each value and each device once. The
 * server's `summary` counts lines, so a repeated line is counted again as a match (and as a
 * repeat), and a device pasted by serial and again by asset ID is two exact matches. The devices
 * matched exactly are the server's `uniqueDeviceIds`, which are distinct already.
 */
export interface PasteSummary {
  /** Values with no match, and with several (each value once). */
  readonly none: number;
  readonly many: number;
  /** Per line that adds nothing, the earlier line it repeats: the same value, or the same device. */
  readonly repeatOf: ReadonlyMap<number, number>;
}

/** Why: "4 matched exactly · 1 repeated" for 3 devices made a list look bigger than it was. */
export function summarizePaste(lines: ResolveDevicesResponse['lines']): PasteSummary {
  const firstLineOf = new Map<string, number>();
  const repeatOf = new Map<number, number>();
  let none = 0;
  let many = 0;
  for (const line of lines) {
    if (line.duplicateOfLine !== null) repeatOf.set(line.line, line.duplicateOfLine);
    else if (line.matchCount === 0) none += 1;
    else if (line.matchCount > 1) many += 1;
    else {
      const deviceId = line.matches[0]?.deviceId ?? '';
      const first = firstLineOf.get(deviceId);
      if (first === undefined) firstLineOf.set(deviceId, line.line);
      else repeatOf.set(line.line, first);
    }
  }
  return { none, many, repeatOf };
}

type Line = ResolveDevicesResponse['lines'][number];

/** A pasted line that is not one of the table's devices, and what the admin can do about it. */
export interface UnmatchedLine {
  readonly line: number;
  readonly input: string;
  readonly note: string;
}

const orList = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items.at(-1) ?? ''}`;

/**
 * Why: a line with no match says what it may have meant: "No exact match; 12 serials begin with
 * it" (a serial cut short) with the first few, and "Did you mean …?" (a serial one character off).
 */
export function noMatchHints(suggestions: ResolveSuggestions | null): {
  prefix: string | null;
  prefixSerials: readonly string[];
  near: string | null;
} {
  if (!suggestions) return { prefix: null, prefixSerials: [], near: null };
  const { prefixCount, prefixCountCapped, prefixSerials, nearSerials } = suggestions;
  const counted = prefixCountCapped ? `more than ${formatCount(prefixCount)}` : formatCount(prefixCount);
  const begin = prefixCount === 1 && !prefixCountCapped ? 'serial begins' : 'serials begin';
  return {
    prefix: prefixCount > 0 ? `No exact match; ${counted} ${begin} with it` : null,
    prefixSerials,
    near: nearSerials.length > 0 ? `Did you mean ${orList(nearSerials)}?` : null,
  };
}

/** The one-line note a line without exactly one device keeps below the table. */
export function unmatchedNote(line: Line): string {
  if (line.matchCount > 1)
    return `${formatCount(line.matchCount)} devices match: paste the full serial number to pick one`;
  const { prefix, prefixSerials, near } = noMatchHints(line.suggestions);
  const more = prefix !== null && (line.suggestions?.prefixCount ?? 0) > prefixSerials.length ? ', …' : '';
  const parts = [prefix === null ? null : `${prefix}: ${prefixSerials.join(', ')}${more}`, near].filter(
    (part) => part !== null,
  );
  return parts.length > 0 ? parts.join('. ') : 'No match';
}

/**
 * Why: after Select the table shows the matched devices only; the lines that matched none (or
 * several) stay listed beside it, so none is forgotten. Each value is listed once.
 */
export function unmatchedLines(lines: readonly Line[]): UnmatchedLine[] {
  return lines
    .filter((line) => line.duplicateOfLine === null && line.matchCount !== 1)
    .map((line) => ({ line: line.line, input: line.input, note: unmatchedNote(line) }));
}
