// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FacetsResponse, FleetTableRow, ListDevicesResponse } from '@fleetdeck/shared/fleet-contract';
import { mockApi, renderPage, requests, signInAs, textOf } from '../../../test/render-page.tsx';
import { FleetStatusPage } from './fleet-status-page.tsx';

const FLEET = '/devices/fleetStatus';

function device(serialNumber: string, status = 'ACTIVE'): FleetTableRow {
  return { deviceId: `device-${serialNumber}`, serialNumber, status, model: 'Acer Chromebook 311' };
}

const NO_FACETS: FacetsResponse = {
  facets: { status: [], model: [], orgUnit: [], compliance: [], aueYear: [], batteryHealth: [] },
};

/** The fleet as `GET /api/devices` answers: one page of `devices`, counted exactly. */
function serveFleet(devices: readonly FleetTableRow[]) {
  mockApi({
    'GET /api/saved-views': () => ({ views: [] }),
    'GET /api/devices': (): ListDevicesResponse => ({
      devices: [...devices],
      nextCursor: null,
      total: { value: devices.length, exact: true },
    }),
    'GET /api/devices/facets': () => NO_FACETS,
  });
}

const devicesRequests = () => requests.filter((request) => request.startsWith('GET /api/devices?'));
const grid = () => screen.findByRole('grid', { name: 'Devices' });

describe('the fleet page', () => {
  it("shows the API's devices as rows of the grid, with their count", async () => {
    await signInAs('viewer');
    serveFleet([device('5CD2041X'), device('NXHQEAA001', 'DISABLED'), device('R9PN30KQ')]);
    renderPage(<FleetStatusPage />, { path: FLEET, url: `${FLEET}?q=model:acer` });

    const rows = await within(await grid()).findAllByTestId('fleet-row');
    expect(rows.map((row) => row.dataset.deviceId)).toEqual([
      'device-5CD2041X',
      'device-NXHQEAA001',
      'device-R9PN30KQ',
    ]);
    expect(rows[1]?.textContent).toContain('NXHQEAA001');
    await waitFor(() => expect(textOf('fleet-match-count')).toBe('3 devices'));
    const asked = new URL(devicesRequests()[0] ?? '', 'http://localhost').searchParams;
    expect(asked.get('q')).toBe('model:acer');
    expect(asked.get('count')).toBe('auto');
    // A viewer reads; nothing on the page selects rows.
    expect(screen.queryByRole('checkbox', { name: 'Select 5CD2041X' })).toBeNull();
  });

  it('opens a device when its row is clicked', async () => {
    await signInAs('viewer');
    serveFleet([device('5CD2041X')]);
    renderPage(<FleetStatusPage />, { path: FLEET, url: FLEET });

    const [row] = await within(await grid()).findAllByTestId('fleet-row');
    await userEvent.click(row!);
    expect(await screen.findByText('Went to /devices/chromebook/device-5CD2041X')).toBeTruthy();
  });

  it('says the fleet is empty, and the way to a sync, when there is no device at all', async () => {
    await signInAs('viewer');
    serveFleet([]);
    renderPage(<FleetStatusPage />, { path: FLEET, url: FLEET });

    expect(await screen.findByRole('heading', { name: 'No devices yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to sync settings' }).getAttribute('href')).toBe(
      '/settings/sync',
    );
    expect(screen.queryByRole('grid')).toBeNull();
  });

  it('tells a query that matches nothing from an empty fleet, and clears it', async () => {
    await signInAs('viewer');
    serveFleet([]);
    renderPage(<FleetStatusPage />, { path: FLEET, url: `${FLEET}?q=status:DISABLED` });

    expect(await screen.findByRole('heading', { name: 'No devices match this query' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByRole('heading', { name: 'No devices yet' })).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('combobox', { name: 'Search devices' }).value).toBe('');
  });

  it('shows what is wrong with a query from the link, and reads no devices for it', async () => {
    await signInAs('viewer');
    serveFleet([device('5CD2041X')]);
    renderPage(<FleetStatusPage />, {
      path: FLEET,
      url: `${FLEET}?q=${encodeURIComponent('stauts:ACTIVE')}`,
    });

    expect(await screen.findByRole('heading', { name: 'The query has a mistake' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Unknown operator "stauts" at position 0.');
    expect(textOf('fleet-match-count')).toBe('Fix the query to see matches');
    expect(screen.queryByRole('grid')).toBeNull();
    expect(devicesRequests()).toEqual([]);
  });

  it('counts the rows a member who may act selects, and clears them', async () => {
    await signInAs('admin');
    serveFleet([device('5CD2041X'), device('NXHQEAA001'), device('R9PN30KQ')]);
    renderPage(<FleetStatusPage />, { path: FLEET, url: FLEET });

    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Select 5CD2041X' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select R9PN30KQ' }));
    const selection = await screen.findByTestId('fleet-selection');
    expect(within(selection).getByText('2 selected')).toBeTruthy();
    const selectedRows = screen.getAllByTestId('fleet-row').filter((row) => row.ariaSelected === 'true');
    expect(selectedRows.map((row) => row.dataset.deviceId)).toEqual(['device-5CD2041X', 'device-R9PN30KQ']);

    await user.click(screen.getByRole('checkbox', { name: 'Select all loaded devices' }));
    expect(within(screen.getByTestId('fleet-selection')).getByText('3 selected')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByTestId('fleet-selection')).toBeNull();
  });
});
