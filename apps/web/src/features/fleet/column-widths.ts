import { useCallback, useState } from 'react';
import { isFleetColumnId, type FleetColumn, type FleetColumnId } from '@fleetdeck/shared/fleet-columns';

/**
 * Column widths: sensible defaults per column, resized by the admin and remembered in this
 * browser (widths are a personal preference, not part of a shared view).
 */

const STORAGE_KEY = 'fleetdeck:fleet-column-widths';
export const MIN_WIDTH = 64;
export const MAX_WIDTH = 640;

/**
 * Wide enough for the usual values whole (a 22-character serial, "Pre-provisioned"), and the
 * default columns together within a 1440-px window beside the facets (decision 041): 200 + 130 +
 * 220 + 215 + 200 + 130 = 1,095 px, what is left of 1,440 after the page's padding, the facets,
 * the checkbox and a scrollbar.
 */
const DEFAULTS: Partial<Record<FleetColumnId, number>> = {
  serialNumber: 200,
  annotatedAssetId: 120,
  status: 130,
  model: 220,
  orgUnitPath: 215,
  annotatedUser: 200,
  recentUser: 200,
  notes: 240,
  lastSync: 130,
  aueDate: 180,
  osVersion: 120,
  deviceId: 280,
};

export function defaultWidth(column: FleetColumn): number {
  const preset = DEFAULTS[column.id];
  if (preset) return preset;
  if (column.kind === 'datetime' || column.kind === 'date') return 150;
  if (column.kind === 'enum') return 140;
  if (column.kind === 'text') return 160;
  return 120;
}

function readStored(): Partial<Record<FleetColumnId, number>> {
  try {
    const parsed = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? '{}') as unknown;
    if (typeof parsed !== 'object' || parsed === null) return {};
    const widths: Partial<Record<FleetColumnId, number>> = {};
    for (const [id, width] of Object.entries(parsed)) {
      if (isFleetColumnId(id) && typeof width === 'number' && Number.isFinite(width))
        widths[id] = clampWidth(width);
    }
    return widths;
  } catch {
    return {};
  }
}

export function clampWidth(width: number): number {
  return Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, Math.round(width)));
}

/** Why: the table and its resize handles share one width map that survives reloads. */
export function useColumnWidths(): {
  widthOf: (column: FleetColumn) => number;
  setWidth: (id: FleetColumnId, width: number) => void;
} {
  const [widths, setWidths] = useState(readStored);
  const widthOf = useCallback((column: FleetColumn) => widths[column.id] ?? defaultWidth(column), [widths]);
  const setWidth = useCallback((id: FleetColumnId, width: number) => {
    setWidths((previous) => {
      const next = { ...previous, [id]: clampWidth(width) };
      try {
        window.localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
      } catch {
        // Storage may be blocked; the width still applies to this page.
      }
      return next;
    });
  }, []);
  return { widthOf, setWidth };
}
