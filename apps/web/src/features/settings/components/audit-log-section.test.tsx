// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AuditEntry, AuditPage } from '@fleetdeck/shared/audit-contract';
import { json, mockApi, renderPage, requests, signInAs } from '../../../test/render-page.tsx';
import { AuditLogSection } from './audit-log-section.tsx';

const AUDIT = '/settings/audit';
const PLAN = '0b7c2a52-3f1e-4d7a-9c55-2f6d1e8a4b10';
const TITLE = 'Move Grade 5 to North';

const entry = (patch: Partial<AuditEntry>): AuditEntry => ({
  id: 'e1',
  occurredAt: '2026-11-28T08:00:00.000Z',
  actorUserId: 'u1',
  actorLabel: 'admin@school.example',
  actorName: 'Avery Admin',
  origin: null,
  action: 'plan.finished',
  targetType: 'plan',
  targetId: PLAN,
  targetLabel: TITLE,
  outcome: 'success',
  ip: null,
  userAgent: null,
  details: {},
  sequence: '1',
  ...patch,
});

/** The audit log as the server answers it; the plan as `GET /api/plans/:id` does (or a 404). */
function serveAuditLog(entries: readonly AuditEntry[], plan: 'readable' | 'gone' = 'readable') {
  mockApi({
    'GET /api/audit': (): AuditPage => ({ entries: [...entries], nextCursor: null }),
    'GET /api/audit/retention': () => ({ days: 400 }),
    'GET /api/organization/members': () => ({ members: [] }),
    [`GET /api/plans/${PLAN}`]: () =>
      plan === 'readable'
        ? { plan: { id: PLAN, title: TITLE }, items: [], nextAfter: null }
        : json({ error: 'not_found', message: 'No such plan.' }, 404),
  });
}

const auditRequests = () =>
  requests
    .filter((request) => request.startsWith('GET /api/audit?'))
    .map((request) => new URL(request.slice(4), 'http://localhost').searchParams);

describe('the audit log filtered to one change plan', () => {
  it('shows the plan filter as "Plan: <title>", linked to the plan, and exports with it', async () => {
    await signInAs('admin');
    serveAuditLog([]);
    renderPage(<AuditLogSection />, { path: AUDIT, url: `${AUDIT}?plan=${PLAN}&result=failure` });

    const chip = await screen.findByTestId('audit-plan-filter');
    await waitFor(() => expect(chip.textContent).toContain(`Plan: ${TITLE}`));
    expect(within(chip).getByRole('link', { name: TITLE }).getAttribute('href')).toBe(`/plans/${PLAN}`);
    expect(auditRequests()[0]?.get('planId')).toBe(PLAN);
    const csv = new URL(
      screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href') ?? '',
      'http://localhost',
    );
    expect(csv.searchParams.get('planId')).toBe(PLAN);
    expect(csv.searchParams.get('outcome')).toBe('failure');
  });

  it('drops the plan from the URL, and only the plan, from the keyboard; focus stays in the filters', async () => {
    await signInAs('admin');
    serveAuditLog([]);
    const { router } = renderPage(<AuditLogSection />, {
      path: AUDIT,
      url: `${AUDIT}?plan=${PLAN}&result=failure`,
    });

    const remove = await screen.findByRole('button', { name: 'Remove the plan filter' });
    remove.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByTestId('audit-plan-filter')).toBeNull());
    expect(router.state.location.search).toBe('?result=failure');
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'What' }));
    await waitFor(() => expect(auditRequests().at(-1)?.get('planId')).toBeNull());
    expect(auditRequests().at(-1)?.get('outcome')).toBe('failure');
    const csv = screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href') ?? '';
    expect(csv).not.toContain('planId');
  });

  it('still shows the filter, without a title, when the plan cannot be read', async () => {
    await signInAs('admin');
    serveAuditLog([], 'gone');
    renderPage(<AuditLogSection />, { path: AUDIT, url: `${AUDIT}?plan=${PLAN}` });

    const chip = await screen.findByTestId('audit-plan-filter');
    await waitFor(() => expect(chip.textContent).toContain('Plan: a change plan'));
    expect(within(chip).getByRole('button', { name: 'Remove the plan filter' })).toBeTruthy();
  });

  it("links a plan target to the plan's page, and the run's changes to it too", async () => {
    await signInAs('admin');
    serveAuditLog([
      entry({ id: 'e1' }),
      entry({
        id: 'e2',
        action: 'device.move',
        actorUserId: 'u1',
        origin: { kind: 'plan', planId: PLAN },
        targetType: 'device',
        targetId: 'device-1',
        targetLabel: '5CD001',
      }),
    ]);
    renderPage(<AuditLogSection />, { path: AUDIT, url: AUDIT });

    const [planTarget, deviceTarget] = await screen.findAllByTestId('audit-target');
    expect(planTarget?.textContent).toContain('Change plan');
    expect(within(planTarget!).getByRole('link', { name: TITLE }).getAttribute('href')).toBe(
      `/plans/${PLAN}`,
    );
    expect(within(deviceTarget!).getByRole('link', { name: '5CD001' }).getAttribute('href')).toBe(
      '/devices/chromebook/device-1',
    );
    const origin = screen.getByRole('link', { name: 'Done by Fleetdeck for their change plan' });
    expect(origin.getAttribute('href')).toBe(`/plans/${PLAN}`);
    expect(screen.queryByTestId('audit-plan-filter')).toBeNull();
  });
});
