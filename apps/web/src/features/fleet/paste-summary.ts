import type { ResolveDevicesResponse } from '@fleetdeck/shared/fleet-contract';

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
