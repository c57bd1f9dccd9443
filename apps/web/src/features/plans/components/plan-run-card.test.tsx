// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Plan, PlanDetail, PlanRun } from '@fleetdeck/shared/plan-contract';
import { mockApi, renderPage, requests, signInAs, textOf } from '../../../test/render-page.tsx';
import { PlanPage } from './plan-page.tsx';

const member = { userId: 'u-1', label: 'ana@example.edu' };

function run(patch: Partial<PlanRun> = {}): PlanRun {
  return {
    startedAt: '2026-11-28T10:00:00.000Z',
    startedBy: member,
    finishedAt: null,
    pausedAt: null,
    pausedBy: null,
    counts: { pending: 70, sending: 0, succeeded: 28, failed: 1, skipped: 1 },
    callsLeft: 2,
    writesPerMinute: 60,
    secondsLeft: 150,
    note: null,
    ...patch,
  };
}

/** A CSV update of 100 changes in `state`, as `GET /api/plans/:id` answers it. */
function plan(patch: Partial<Plan>): Plan {
  return {
    id: 'p-1',
    kind: 'csv_update',
    title: 'CSV update: moves.csv',
    state: 'approved',
    createdAt: '2026-11-28T09:00:00.000Z',
    author: member,
    items: 100,
    counts: {
      change: 100,
      unchanged: 0,
      not_found: 0,
      ambiguous: 0,
      out_of_scope: 0,
      invalid: 0,
      changed_since: 0,
    },
    permissions: ['device.move'],
    approval: { threshold: 500, required: false, approvedBy: null, approvedAt: null },
    submittedAt: '2026-11-28T09:10:00.000Z',
    cancelledAt: null,
    cancelledBy: null,
    csv: null,
    rollover: null,
    bulkAction: null,
    caller: { isAuthor: true, canApprove: false, whyNot: null },
    run: null,
    undoOf: null,
    undoPlanId: null,
    bulkRunId: null,
    cannotBeUndone: null,
    ...patch,
  };
}

async function showPlan(shown: Plan, extra: Parameters<typeof mockApi>[0] = {}) {
  await signInAs('admin');
  const detail: PlanDetail = { plan: shown, items: [], nextAfter: null };
  mockApi({ 'GET /api/plans/p-1': () => detail, ...extra });
  renderPage(<PlanPage planId="p-1" />, { path: '/plans/p-1', url: '/plans/p-1' });
  return screen.findByTestId('plan-run-area');
}

describe('the Run card', () => {
  it('runs an approved plan', async () => {
    const card = await showPlan(plan({}), {
      'POST /api/plans/p-1/run': () => plan({ state: 'running', run: run() }),
    });
    expect(textOf('plan-run-description')).toMatch(/^Approved: nothing has changed on any device yet/);
    await userEvent.click(within(card).getByRole('button', { name: 'Run' }));
    expect(requests).toContain('POST /api/plans/p-1/run');
  });

  it('shows a running plan’s progress, time left and write budget, and pauses it', async () => {
    const card = await showPlan(plan({ state: 'running', run: run() }), {
      'POST /api/plans/p-1/pause': () => plan({ state: 'paused', run: run() }),
    });
    const bar = within(card).getByRole('progressbar', { name: 'Plan run progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('30');
    expect(textOf('plan-run-count')).toBe('30 of 100 changes done');
    expect(textOf('plan-run-time-left')).toBe('About 3 min left');
    expect(textOf('plan-run-budget')).toBe('60 writes a minute');
    await userEvent.click(within(card).getByRole('button', { name: 'Pause' }));
    expect(requests).toContain('POST /api/plans/p-1/pause');
  });

  it('offers Resume for a paused plan, its time left counted from then', async () => {
    const card = await showPlan(
      plan({
        state: 'paused',
        run: run({ pausedBy: member, pausedAt: '2026-11-28T10:01:00.000Z', secondsLeft: 40 }),
      }),
    );
    expect(textOf('plan-run-description')).toMatch(/^Paused by ana@example.edu/);
    expect(textOf('plan-run-time-left')).toBe('40 s left once resumed');
    expect(within(card).getByRole('button', { name: 'Resume' })).toBeTruthy();
  });

  it('counts a finished run per result, links its results file, and undoes it into a new plan', async () => {
    const counts = { pending: 0, sending: 0, succeeded: 97, failed: 2, skipped: 1 };
    const card = await showPlan(
      plan({ state: 'done', run: run({ counts, finishedAt: '2026-11-28T10:05:00.000Z' }) }),
      {
        'POST /api/plans/p-1/undo': () => plan({ id: 'p-2', kind: 'undo', state: 'draft', undoOf: 'p-1' }),
      },
    );
    expect(textOf('plan-run-succeeded')).toBe('Changed97');
    expect(textOf('plan-run-failed')).toBe('Failed2');
    expect(within(card).getByRole('link', { name: 'Download results' }).getAttribute('href')).toBe(
      '/api/plans/p-1/results.csv',
    );
    expect(within(card).getByRole('link', { name: 'See it in the audit log' }).getAttribute('href')).toBe(
      '/settings/audit?plan=p-1',
    );
    await userEvent.click(within(card).getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Went to /plans/p-2')).toBeTruthy();
  });

  it('links a plan already undone to its undo plan', async () => {
    const counts = { pending: 0, sending: 0, succeeded: 100, failed: 0, skipped: 0 };
    const card = await showPlan(plan({ state: 'undone', run: run({ counts }), undoPlanId: 'p-2' }));
    expect(textOf('plan-run-description')).toMatch(/^Undone: its undo plan has run/);
    expect(within(card).getByRole('link', { name: 'Open the undo plan' }).getAttribute('href')).toBe(
      '/plans/p-2',
    );
    expect(within(card).queryByRole('button', { name: 'Undo' })).toBeNull();
  });

  it('says a cancelled plan changed nothing', async () => {
    await showPlan(
      plan({ state: 'cancelled', cancelledAt: '2026-11-28T09:30:00.000Z', cancelledBy: member }),
    );
    expect(textOf('plan-run-description')).toBe('Cancelled before it ran: nothing changed on any device.');
  });

  it('says a plan of commands cannot be undone, and offers neither Pause nor Undo', async () => {
    const sentence = 'Device commands cannot be undone: this plan has no Undo.';
    const bulk = { kind: 'bulk_action' as const, bulkRunId: 'r-1', cannotBeUndone: sentence };
    const running = await showPlan(plan({ ...bulk, state: 'running', run: run() }));
    expect(within(running).getByTestId('plan-cannot-undo').textContent).toBe(sentence);
    expect(within(running).queryByRole('button', { name: 'Pause' })).toBeNull();
    // Its progress is the bulk run's, not paced by the write budget: no time left, no budget.
    expect(textOf('plan-run-count')).toBe('30 of 100 changes done');
    expect(within(running).queryByTestId('plan-run-time-left')).toBeNull();
    expect(within(running).queryByTestId('plan-run-budget')).toBeNull();
  });

  it('shows a finished plan of commands without Undo', async () => {
    const sentence = 'Device commands cannot be undone: this plan has no Undo.';
    const counts = { pending: 0, sending: 0, succeeded: 600, failed: 0, skipped: 0 };
    const done = await showPlan(
      plan({
        kind: 'bulk_action',
        bulkRunId: 'r-1',
        cannotBeUndone: sentence,
        state: 'done',
        run: run({ counts }),
      }),
    );
    expect(within(done).getByTestId('plan-cannot-undo').textContent).toBe(sentence);
    expect(within(done).queryByRole('button', { name: 'Undo' })).toBeNull();
    expect(within(done).getByRole('link', { name: 'Download results' })).toBeTruthy();
  });
});

describe('the facts of a bulk action’s plan', () => {
  const bulk = { kind: 'bulk_action' as const, title: 'Bulk reboot: 600 devices' };

  /** The facts list of the plan page, as "Label: value" lines. */
  async function factsOf(shown: Plan): Promise<string[]> {
    await showPlan(shown);
    const facts = await screen.findByTestId('plan-action');
    return [...facts.querySelectorAll(':scope > div')].map((line) => line.textContent.replace(':', ': '));
  }

  it('says the command and its parameters, and links the bulk run it runs as', async () => {
    const facts = await factsOf(
      plan({
        ...bulk,
        state: 'running',
        run: run(),
        bulkRunId: '4c1e8a52-0d7b-4f3e-9a61-2b5c7d8e9f10',
        bulkAction: { kind: 'command', command: { type: 'REBOOT', userSessionDelaySeconds: 60 } },
      }),
    );
    expect(facts).toEqual([
      'Action: Reboot',
      'Delay for a signed-in user: 60 s',
      'Bulk run: 4c1e8a52 in the audit log',
    ]);
    expect(screen.getByRole('link', { name: '4c1e8a52 in the audit log' }).getAttribute('href')).toBe(
      '/settings/audit?target=4c1e8a52-0d7b-4f3e-9a61-2b5c7d8e9f10',
    );
  });

  it('says the OU a move goes to', async () => {
    const facts = await factsOf(
      plan({ ...bulk, bulkAction: { kind: 'move', orgUnitPath: '/Students/2026' } }),
    );
    expect(facts).toEqual(['Action: Move to an OU', 'To OU: /Students/2026']);
  });

  it('says the fields an edit sets, a cleared one as empty', async () => {
    const facts = await factsOf(
      plan({
        ...bulk,
        bulkAction: { kind: 'annotate', fields: { annotatedLocation: 'Room 12', notes: '' } },
      }),
    );
    expect(facts).toEqual(['Action: Edit fields', 'Location: Room 12', 'Notes: (empty)']);
  });

  it('says a disable’s reason and note', async () => {
    expect(
      await factsOf(
        plan({ ...bulk, bulkAction: { kind: 'disable', reason: 'stolen', note: 'Police report 42' } }),
      ),
    ).toEqual(['Action: Disable', 'Reason: Stolen', 'Note: Police report 42']);
  });

  it('says a deprovision’s reason', async () => {
    expect(
      await factsOf(plan({ ...bulk, bulkAction: { kind: 'deprovision', reason: 'retiring_device' } })),
    ).toEqual(['Action: Deprovision', 'Reason: Retiring the device']);
  });

  it('shows no action facts for a CSV update', async () => {
    await showPlan(plan({}));
    expect(screen.queryByTestId('plan-action')).toBeNull();
  });
});
