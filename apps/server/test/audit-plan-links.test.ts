import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditExportQuerySchema } from '@fleetdeck/shared/audit-contract';
import type { Plan } from '@fleetdeck/shared/plan-contract';
import { recordAudit } from '../src/modules/audit/audit-log.ts';
import { listAudit } from '../src/modules/audit/audit-query.ts';
import { auditedAuditCsv } from '../src/modules/audit/audit.service.ts';
import { as, ORG, startPlanHarness, uploadCsv, USERS, type PlanHarness } from './plans-harness.ts';
import { backendName } from './test-database.ts';

/**
 * A change plan's entries name the plan as their target (type `plan`, its id and its title at the
 * time), which the audit log page links to the plan; the log narrowed to one plan, on the page and
 * in the CSV export, holds that plan's entries and its run's device changes, never another plan's.
 */
describe(`the audit log's links to change plans and its plan filter (${backendName})`, () => {
  let h: PlanHarness;
  let first: Plan;
  let second: Plan;

  const makePlan = async (serials: readonly string[]) => {
    const response = await uploadCsv(
      h,
      `Serial,Location\n${serials.map((serial) => `${serial},Plan room`).join('\n')}\n`,
      {
        key: { column: 'Serial', by: 'serial' },
        columns: [{ column: 'Location', field: 'annotatedLocation', blank: 'leave' }],
        notes: 'replace',
      },
    );
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Plan>();
  };

  beforeAll(async () => {
    h = await startPlanHarness();
    first = await makePlan(['5CD001', '5CD002']);
    second = await makePlan(['5CD005']);
    const submitted = await h.app.inject({
      method: 'POST',
      url: `/api/plans/${first.id}/submit`,
      headers: as('admin'),
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    // A device change of the first plan's run, as its run records it.
    await recordAudit(h.db, {
      action: 'device.annotate',
      outcome: 'success',
      orgId: ORG,
      actorUserId: USERS.admin,
      origin: { kind: 'plan', planId: first.id },
      targetType: 'device',
      targetId: 'd1',
    });
  }, 60_000);
  afterAll(() => h.close());

  it("names the plan as the target of its own entries: type, id and title (the page's link)", async () => {
    const page = await listAudit(h.db, ORG, { limit: 50, planId: first.id });
    const own = page.entries.filter((entry) => entry.action.startsWith('plan.'));
    expect(own.map((entry) => entry.action).sort()).toEqual(['plan.created', 'plan.submitted']);
    for (const entry of own)
      expect(entry).toMatchObject({ targetType: 'plan', targetId: first.id, targetLabel: first.title });
    const changes = page.entries.filter((entry) => entry.targetType === 'device');
    expect(changes).toEqual([
      expect.objectContaining({
        action: 'device.annotate',
        targetLabel: '5CD001',
        origin: { kind: 'plan', planId: first.id },
      }),
    ]);
    expect(page.entries.some((entry) => entry.targetId === second.id)).toBe(false);
  });

  it('keeps the plan filter in the CSV export, and records it with the export', async () => {
    const filters = auditExportQuerySchema.parse({ planId: first.id });
    expect(filters).toEqual({ planId: first.id });
    expect(auditExportQuerySchema.safeParse({ planId: 'not-a-plan' }).success).toBe(false);
    const chunks: string[] = [];
    const source = { orgId: ORG, userId: USERS.admin, label: 'admin@riverbend.example' };
    for await (const chunk of auditedAuditCsv({ db: h.db }, source, filters, (error) => {
      throw error;
    }))
      chunks.push(chunk);
    const [header, ...rows] = chunks.join('').trimEnd().split('\r\n');
    expect(header).toContain('Target id');
    expect(rows).toHaveLength(3);
    expect(rows.filter((row) => row.includes(`,plan,${first.title},${first.id},`))).toHaveLength(2);
    expect(rows.filter((row) => row.includes(`Change plan ${first.id}`))).toHaveLength(1);
    expect(rows.some((row) => row.includes(second.id))).toBe(false);
    const exported = await h.db
      .selectFrom('audit_log')
      .select('details')
      .where('org_id', '=', ORG)
      .where('action', '=', 'audit.exported')
      .executeTakeFirstOrThrow();
    expect(exported.details).toEqual({ filters: { planId: first.id }, rows: 3 });
  });
});
