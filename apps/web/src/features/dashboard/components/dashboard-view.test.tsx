// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TILE_LABELS, type DashboardResponse, type TileKey } from '@fleetdeck/shared/dashboard-contract';
import { json, mockApi, renderPage, signInAs, textOf } from '../../../test/render-page.tsx';
import { DashboardView } from './dashboard-view.tsx';

const tile = (key: TileKey, count: number, query: string | null) => ({
  key,
  label: TILE_LABELS[key],
  count,
  query,
});

const count = (key: string, label: string, value: number, query: string | null = null) => ({
  key,
  label,
  count: value,
  query,
});

/** A small fleet as `GET /api/dashboard` answers it: 1,250 devices, 1,200 in service. */
function readyDashboard(): DashboardResponse {
  return {
    state: 'ready',
    asOf: new Date(Date.now() - 3 * 60_000).toISOString(),
    syncRunning: false,
    scopeOuPaths: [],
    total: count('total', 'All devices', 1250, ''),
    inService: count('inService', 'In service', 1200, 'status:ACTIVE'),
    statuses: [
      count('ACTIVE', 'Active', 1200, 'status:ACTIVE'),
      count('DEPROVISIONED', 'Deprovisioned', 50, 'status:DEPROVISIONED'),
    ],
    // Not in the order the page shows them.
    tiles: [
      // Counted without a query the table can express: a tile that links nowhere.
      tile('lowStorage', 7, null),
      tile('aueExpired', 140, 'status:ACTIVE aue:<now'),
      tile('active7', 1100, 'status:ACTIVE lastSync:<7d'),
      tile('ghost90', 12, 'status:ACTIVE lastSync:>90d'),
    ],
    attention: [],
    attentionFetchedAt: null,
    compliance: [count('compliant', 'Compliant', 1000), count('notCompliant', 'Not compliant', 200)],
    battery: [count('BATTERY_HEALTH_NORMAL', 'Normal', 1150)],
    aue: {
      schoolYears: [
        {
          startYear: 2026,
          label: '2026–27',
          from: '2026-07-01',
          to: '2027-06-30',
          timing: 'current',
          count: 60,
          query: 'status:ACTIVE aue:2026-07-01..2027-06-30',
          costCents: 60 * 30_000,
          models: [{ model: 'Acer Chromebook 311', count: 60, query: null, unitCostCents: 30_000 }],
        },
      ],
      pastDue: {
        before: '2026–27',
        count: 140,
        query: 'status:ACTIVE aue:<2026-07-01',
        costCents: 140 * 30_000,
        models: [
          {
            model: 'Lenovo 100e Gen 2',
            count: 100,
            query: 'model:"Lenovo 100e Gen 2"',
            unitCostCents: 30_000,
          },
          { model: 'HP Chromebook 11 G8', count: 40, query: null, unitCostCents: 30_000 },
        ],
      },
      withoutDate: 0,
      currency: 'USD',
      forecastCents: 200 * 30_000,
    },
    os: { referenceMajor: null, versions: [], unknown: 0 },
    models: [],
    trends: [],
  };
}

function renderDashboard(answer: DashboardResponse) {
  mockApi({ 'GET /api/dashboard': () => answer });
  return renderPage(<DashboardView />, { path: '/dashboard', url: '/dashboard' });
}

describe('the dashboard', () => {
  it('shows each tile the answer holds, in its place, with its count, share and link', async () => {
    await signInAs('viewer');
    renderDashboard(readyDashboard());

    const tiles = await screen.findByRole('list', { name: 'Fleet health' });
    const labels = within(tiles)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(labels).toEqual([
      'Active in the last 7 days1,100devices92% of in service',
      'No sync for 90 days12devices1% of in service',
      'AUE expired140devices12% of in service',
      'Low storage (under 10% free)7devices<1% of in service',
    ]);
    expect(textOf('tile-aueExpired-count')).toBe('140');
    expect(screen.getByTestId('tile-aueExpired').getAttribute('href')).toBe(
      `/devices/fleetStatus?q=${encodeURIComponent('status:ACTIVE aue:<now')}`,
    );
    expect(screen.queryByTestId('tile-lowStorage')).toBeNull();
    expect(textOf('dashboard-as-of')).toContain('As of the last sync, 3 minutes ago');
    expect(screen.getByText(/1,250 devices; 1,200 in service/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit costs' })).toBeNull();
  });

  it('starts the replacement forecast with the devices already past their AUE date', async () => {
    await signInAs('viewer');
    renderDashboard(readyDashboard());

    const table = await screen.findByTestId('aue-forecast-table');
    const lines = within(table).getAllByRole('row').slice(1);
    expect(lines.map((line) => line.dataset.testid)).toEqual(['aue-forecast-past-due', 'aue-forecast-2026']);
    const pastDue = within(table).getByTestId('aue-forecast-past-due');
    expect(pastDue.textContent).toContain('Updates already endedbefore 2026–27, still in service');
    expect(within(pastDue).getByTestId('aue-forecast-cost').textContent).toBe('$42,000');
    // Its count links to exactly those devices (named by its text: "140 devices past AUE before …").
    const devices = within(pastDue)
      .getAllByRole('link')
      .find((link) => link.textContent === '140 devices past AUE before 2026–27');
    expect(devices?.getAttribute('href')).toBe(
      `/devices/fleetStatus?q=${encodeURIComponent('status:ACTIVE aue:<2026-07-01')}`,
    );
    expect(textOf('aue-forecast')).toBe('$60,000');
  });

  it('leaves the past-due line out when no device in service is past its AUE date', async () => {
    await signInAs('viewer');
    const answer = readyDashboard();
    renderDashboard({ ...answer, aue: { ...answer.aue, pastDue: { ...answer.aue.pastDue, count: 0 } } });

    const table = await screen.findByTestId('aue-forecast-table');
    expect(within(table).queryByTestId('aue-forecast-past-due')).toBeNull();
    expect(within(table).getAllByRole('row')).toHaveLength(2);
  });

  it('offers the cost book to a member who may change it, and only to them', async () => {
    await signInAs('admin');
    renderDashboard(readyDashboard());
    expect(await screen.findByRole('button', { name: 'Edit costs' })).toBeTruthy();
  });

  it('says why the numbers could not be read, with the reference to quote, and tries again', async () => {
    await signInAs('viewer');
    const failure = { error: 'internal', message: "Fleetdeck's server had a problem.", requestId: 'req-42' };
    let calls = 0;
    mockApi({
      // Every attempt of the first load fails (the client makes three); the next load succeeds.
      'GET /api/dashboard': () => (++calls <= 3 ? json({ ...failure, status: 503 }, 503) : readyDashboard()),
    });
    renderPage(<DashboardView />, { path: '/dashboard', url: '/dashboard' });

    expect(await screen.findByText("Fleetdeck's server had a problem.", {}, { timeout: 3_000 })).toBeTruthy();
    expect(screen.getByText('req-42')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('tile-active7')).toBeTruthy();
    expect(calls).toBe(4);
  });
});
