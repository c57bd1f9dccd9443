import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Plan, PlanDetail } from '@fleetdeck/shared/plan-contract';
import { as, OTHER_ORG, startPlanHarness, uploadCsv, USERS, type PlanHarness } from './plans-harness.ts';
import { backendName } from './test-database.ts';

/**
 * A plan's life: a draft sent for approval waits for a second member when it changes more devices
 * than the organization's threshold (an owner's setting), never approved by its author nor by a
 * viewer, approved only after a fresh second factor; cancelled by its author or an admin; every
 * step audited with who; another organization's plan, or one outside a limited member's units, a 404.
 */

const LOCATIONS = {
  key: { column: 'Serial', by: 'serial' as const },
  columns: [{ column: 'Location', field: 'annotatedLocation' as const, blank: 'leave' as const }],
  notes: 'replace' as const,
};

describe(`change plans: submit, four-eyes approval, cancel, the threshold (${backendName})`, () => {
  let h: PlanHarness;
  beforeAll(async () => {
    h = await startPlanHarness();
  });
  afterAll(async () => h.close());

  async function makePlan(serials: readonly string[], headers = as('admin')): Promise<Plan> {
    const response = await uploadCsv(
      h,
      `Serial,Location\n${serials.map((s) => `${s},Plan room`).join('\n')}\n`,
      LOCATIONS,
      headers,
    );
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Plan>();
  }
  const post = (planId: string, verb: string, headers: Record<string, string>) =>
    h.app.inject({ method: 'POST', url: `/api/plans/${planId}/${verb}`, headers });
  const settings = (headers: Record<string, string>, approvalThreshold?: number) =>
    h.app.inject({
      method: approvalThreshold === undefined ? 'GET' : 'PUT',
      url: '/api/plans/settings',
      headers,
      ...(approvalThreshold === undefined ? {} : { payload: { approvalThreshold } }),
    });
  const auditOf = (planId: string) =>
    h.db
      .selectFrom('audit_log')
      .select(['action', 'outcome', 'actor_user_id'])
      .where('target_id', '=', planId)
      .orderBy('chain_seq')
      .execute();

  it('lets only an owner set the threshold (500 until then), audited', async () => {
    expect((await settings(as('technician', USERS.tech))).json()).toEqual({ approvalThreshold: 500 });
    const admin = await settings(as('admin'), 2);
    expect(admin.statusCode).toBe(403);
    expect(admin.json()).toMatchObject({ error: 'owner_required' });
    expect((await settings(as('technician', USERS.tech), 2)).statusCode).toBe(403);
    expect((await settings(as('owner', USERS.owner), 0)).statusCode).toBe(400);
    const owner = await settings(as('owner', USERS.owner), 2);
    expect(owner.statusCode, owner.body).toBe(200);
    expect(owner.json()).toEqual({ approvalThreshold: 2 });
    const entry = await h.db
      .selectFrom('audit_log')
      .select(['actor_user_id', 'details'])
      .where('action', '=', 'plan.threshold_changed')
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({ actor_user_id: USERS.owner, details: { from: 500, to: 2 } });
  });

  it('sends a plan above the threshold for approval and lets a second member approve it after step-up', async () => {
    const plan = await makePlan(['5CD001', '5CD002', '5CD010']);
    expect(plan.counts.change).toBe(3);
    expect((await post(plan.id, 'submit', as('admin', USERS.admin2))).statusCode).toBe(403);
    const sent = await post(plan.id, 'submit', as('admin'));
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json<Plan>()).toMatchObject({
      state: 'awaiting_approval',
      approval: { threshold: 2, required: true, approvedBy: null },
      caller: { isAuthor: true, canApprove: false },
    });
    expect((await post(plan.id, 'submit', as('admin'))).statusCode).toBe(409);

    const byAuthor = await post(plan.id, 'approve', as('admin'));
    expect(byAuthor.statusCode).toBe(403);
    expect(byAuthor.json()).toMatchObject({ error: 'plan_author_cannot_approve' });
    expect((await post(plan.id, 'approve', as('viewer', USERS.viewer))).statusCode).toBe(403);
    const noStepUp = await post(plan.id, 'approve', as('admin', USERS.admin2, { stepUp: false }));
    expect(noStepUp.statusCode).toBe(403);
    expect(noStepUp.json()).toMatchObject({ error: 'step_up_required', details: { reason: 'plan_approve' } });
    const read = await h.app.inject({
      method: 'GET',
      url: `/api/plans/${plan.id}`,
      headers: as('admin', USERS.admin2),
    });
    expect(read.json<PlanDetail>().plan.caller).toEqual({ isAuthor: false, canApprove: true, whyNot: null });

    const approved = await post(plan.id, 'approve', as('admin', USERS.admin2));
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<Plan>()).toMatchObject({
      state: 'approved',
      author: { userId: USERS.admin, label: 'admin@riverbend.example' },
      approval: { required: true, approvedBy: { userId: USERS.admin2, label: 'admin2@riverbend.example' } },
    });
    expect((await post(plan.id, 'approve', as('owner', USERS.owner))).statusCode).toBe(409);
    expect(await auditOf(plan.id)).toEqual([
      { action: 'plan.created', outcome: 'success', actor_user_id: USERS.admin },
      { action: 'plan.submitted', outcome: 'success', actor_user_id: USERS.admin },
      { action: 'plan.approval_refused', outcome: 'failure', actor_user_id: USERS.admin },
      { action: 'plan.approved', outcome: 'success', actor_user_id: USERS.admin2 },
    ]);
  });

  it('approves a plan at or under the threshold as it is sent, and refuses to send one that changes nothing', async () => {
    const small = await makePlan(['5CD001', '5CD002']);
    const sent = await post(small.id, 'submit', as('admin'));
    expect(sent.json<Plan>()).toMatchObject({
      state: 'approved',
      approval: { required: false, threshold: 2, approvedBy: null },
    });
    const none = await makePlan(['NOPE']);
    const refused = await post(none.id, 'submit', as('admin'));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'plan_changes_nothing' });
  });

  it('asks the approver for every right the plan needs, and units covering all it touches', async () => {
    const moves = await h.app.inject({
      method: 'POST',
      url: '/api/plans/rollover',
      headers: as('technician', USERS.tech, { scope: '/Students' }),
      payload: {
        pairs: [
          { from: '/Students/Grade 5', to: '/Students/Grade 6' },
          { from: '/Students/Grade 6', to: '/Students/Grade 7' },
        ],
      },
    });
    expect(moves.statusCode, moves.body).toBe(201);
    const plan = moves.json<Plan>();
    expect(
      (await post(plan.id, 'submit', as('technician', USERS.tech, { scope: '/Students' }))).json<Plan>()
        .state,
    ).toBe('awaiting_approval');
    // A technician limited to another school does not see it; one covering its units may approve it.
    expect(
      (await post(plan.id, 'approve', as('technician', USERS.tech2, { scope: '/North' }))).statusCode,
    ).toBe(404);
    const list = await h.app.inject({
      method: 'GET',
      url: '/api/plans',
      headers: as('technician', USERS.tech2, { scope: '/North' }),
    });
    expect(list.json<{ plans: Plan[] }>().plans.map((p) => p.id)).not.toContain(plan.id);
    const approved = await post(
      plan.id,
      'approve',
      as('technician', USERS.tech2, { scope: '/Students/Grade 5,/Students/Grade 6,/Students/Grade 7' }),
    );
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<Plan>().approval.approvedBy?.userId).toBe(USERS.tech2);
  });

  it('lets the author or an admin cancel a plan before it runs, and no one else', async () => {
    const plan = await makePlan(['5CD001', '5CD002', '5CD010'], as('technician', USERS.tech));
    expect((await post(plan.id, 'submit', as('technician', USERS.tech))).statusCode).toBe(200);
    const other = await post(plan.id, 'cancel', as('technician', USERS.tech2));
    expect(other.statusCode).toBe(403);
    const cancelled = await post(plan.id, 'cancel', as('admin'));
    expect(cancelled.json<Plan>()).toMatchObject({
      state: 'cancelled',
      cancelledBy: { userId: USERS.admin },
    });
    expect((await post(plan.id, 'cancel', as('technician', USERS.tech))).statusCode).toBe(409);
    expect((await post(plan.id, 'approve', as('admin', USERS.admin2))).statusCode).toBe(409);
    const mine = await makePlan(['5CD001'], as('technician', USERS.tech));
    expect((await post(mine.id, 'cancel', as('technician', USERS.tech))).json<Plan>().state).toBe(
      'cancelled',
    );
  });

  it("answers another organization's plan ids with 404, on every route", async () => {
    const plan = await makePlan(['5CD001', '5CD002', '5CD010']);
    const stranger = as('owner', USERS.owner, { org: OTHER_ORG });
    for (const [method, url] of [
      ['GET', `/api/plans/${plan.id}`],
      ['POST', `/api/plans/${plan.id}/submit`],
      ['POST', `/api/plans/${plan.id}/approve`],
      ['POST', `/api/plans/${plan.id}/cancel`],
      ['GET', '/api/plans/00000000-0000-4000-8000-000000000000'],
    ] as const) {
      const response = await h.app.inject({ method, url, headers: stranger });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.body).not.toContain('5CD001');
    }
    const list = await h.app.inject({ method: 'GET', url: '/api/plans', headers: stranger });
    expect(list.json<{ plans: Plan[] }>().plans).toEqual([]);
    expect(
      (await h.app.inject({ method: 'GET', url: '/api/plans/not-a-uuid', headers: as('admin') })).statusCode,
    ).toBe(400);
  });

  it('pages a plan’s items and filters them by outcome', async () => {
    const plan = await makePlan(['5CD001', 'NOPE1', '5CD002', 'NOPE2', '5CD010']);
    const page = async (query: string) =>
      (
        await h.app.inject({ method: 'GET', url: `/api/plans/${plan.id}?${query}`, headers: as('admin') })
      ).json<PlanDetail>();
    const first = await page('limit=2');
    expect(first.items.map((item) => item.row)).toEqual([2, 3]);
    expect(first.nextAfter).toBe(3);
    const second = await page('limit=2&after=3');
    expect(second.items.map((item) => item.row)).toEqual([4, 5]);
    const changes = await page('outcome=change');
    expect(changes.items.map((item) => item.key)).toEqual(['5CD001', '5CD002', '5CD010']);
    expect(changes.nextAfter).toBeNull();
    expect(
      (
        await h.app.inject({
          method: 'GET',
          url: `/api/plans/${plan.id}?outcome=maybe`,
          headers: as('admin'),
        })
      ).statusCode,
    ).toBe(400);
  });
});
