import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { parseDeviceQuery } from '@fleetdeck/shared/device-query';
import { roleCan } from '@fleetdeck/shared/permissions';
import { useAuthSession } from '../../../lib/auth/use-auth-session.ts';
import { useFacets } from '../api/get-facets.ts';
import { useColumnWidths } from '../column-widths.ts';
import { readViewState, writeViewState, type FleetViewState } from '../fleet-url-state.ts';
import { rememberFleetView } from '../last-fleet-view.ts';
import type { FleetRow } from '../live-rows.ts';
import type { FleetSelection, TableState } from '../selection.ts';
import { useFleetLive } from './use-fleet-live.ts';
import { usePastedView } from './use-pasted-view.ts';
import { useResultsUpdate } from './use-results-update.ts';
import { useSavedViewLink } from './use-saved-view-link.ts';
import { useSelectionFollowsRows } from './use-selection-follows-rows.ts';
import { useShownColumns } from './use-shown-columns.ts';
import { useTableRows } from './use-table-rows.ts';

/**
 * Why: the fleet page's parts read one state. The URL holds the view (query, columns, sort,
 * density, a saved view, a pasted list); from it come the table's rows (the query's matches or a
 * pasted list), the facets, the selection and live updates. While the typed query does not parse,
 * the results on screen are the last valid query's (`outOfDate`).
 */
export function useFleetPage() {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => readViewState(params), [params]);
  const { can, canAct } = useFleetPermissions();
  const setView = useCallback(
    (patch: Partial<FleetViewState>) =>
      setParams((current) => writeViewState(patch, readViewState(current)), { replace: true }),
    [setParams],
  );
  const commitQuery = useCallback((q: string) => setView({ q }), [setView]);
  const savedViews = useSavedViewLink(view, params, setParams);

  const valid = useMemo(() => parseDeviceQuery(view.q).ok, [view.q]);
  const [typedValid, setTypedValid] = useState(true);
  const { widthOf: columnWidthOf, setWidth } = useColumnWidths();
  const shown = useShownColumns(view.columns, columnWidthOf);
  const listKey = { q: view.q, sort: view.sort, dir: view.dir, columns: shown.ids };
  const pastedView = usePastedView(view, setView, canAct);
  const { table, setTable } = pastedView;
  const { pasted, selection } = table;
  const outOfDate = valid && !typedValid && pasted === null;
  const queryEnabled = valid && !savedViews.waitingForView;
  const results = useTableRows({ listKey, queryEnabled, pasted });
  const facets = useFacets(view.q, queryEnabled);
  useSelectionFollowsRows(results.rows, table, setTable);
  const update = useResultsUpdate(results.stale);
  const selecting = useRowSelecting(results.rows, results.stale, setTable);
  const live = useFleetLive(results.live);
  useEffect(() => rememberFleetView(view, () => window.sessionStorage), [view]);

  return {
    view,
    setView,
    commitQuery,
    can,
    canAct,
    savedViews,
    valid,
    setTypedValid,
    outOfDate,
    setWidth,
    shown,
    listKey,
    pastedView,
    pasted,
    selection,
    results,
    facets,
    update,
    live,
    ...selecting,
  };
}

export type FleetPageState = ReturnType<typeof useFleetPage>;

/** What the member's role lets them do to devices; acting at all makes rows selectable. */
function useFleetPermissions() {
  const { session } = useAuthSession();
  const role = session?.user.organization?.role;
  const can = {
    annotate: roleCan(role, 'device.annotate'),
    move: roleCan(role, 'device.move'),
    command: roleCan(role, 'device.command'),
    deprovision: roleCan(role, 'device.deprovision'),
  };
  return { can, canAct: can.annotate || can.move || can.command || can.deprovision };
}

/** Changes to the selection, and the ids of the rows loaded when a change is made. */
function useRowSelecting(
  rows: readonly FleetRow[],
  stale: boolean,
  setTable: (change: (current: TableState) => TableState) => void,
) {
  const rowsRef = useRef(rows);
  useEffect(() => {
    rowsRef.current = rows;
  });
  const setSelection = (change: (current: FleetSelection) => FleetSelection) =>
    setTable((current) => ({ ...current, selection: change(current.selection) }));
  return {
    loadedIds: () => rowsRef.current.map((row) => row.deviceId),
    setSelection,
    /** Rows still on screen from the previous query while the next one loads cannot be selected. */
    selectRows: (change: (current: FleetSelection) => FleetSelection) => {
      if (!stale) setSelection(change);
    },
  };
}
