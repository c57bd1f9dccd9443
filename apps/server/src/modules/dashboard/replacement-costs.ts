import { sql, type Kysely } from 'kysely';
import type { ReplacementCosts, UpdateReplacementCosts } from '@fleetdeck/shared/dashboard-contract';
import type { DB } from '../../db/schema.ts';

/**
 * What replacing a device costs, for the AUE forecast: one default per organization and an
 * optional cost per model. An organization that never set one gets DEFAULT_COST.
 */

export const DEFAULT_COST = { currency: 'USD', defaultCostCents: 30_000 } as const;

export interface CostBook {
  readonly currency: string;
  readonly defaultCostCents: number;
  readonly byModel: ReadonlyMap<string, number>;
}

/** Why: the forecast and the settings form price models from the same book. */
export async function readCostBook(db: Kysely<DB>, orgId: string): Promise<CostBook> {
  // One round trip: the setting row (if any) with the per-model costs as one JSON object.
  const result = await sql<{
    currency: string | null;
    cents: number | null;
    models: Record<string, number> | null;
  }>`
    select s.currency, s.default_cost_cents as cents,
      (select json_object_agg(model, cost_cents) from model_replacement_cost where org_id = ${orgId}) as models
    from (select 1) one left join replacement_cost_setting s on s.org_id = ${orgId}`.execute(db);
  const row = result.rows[0];
  return {
    currency: row?.currency ?? DEFAULT_COST.currency,
    defaultCostCents: row?.cents ?? DEFAULT_COST.defaultCostCents,
    byModel: new Map(Object.entries(row?.models ?? {})),
  };
}

/** Why: the settings form lists every model in the fleet, priced or not, with its device count. */
export function presentCosts(book: CostBook, fleetModels: ReadonlyMap<string, number>): ReplacementCosts {
  const names = new Set([...fleetModels.keys(), ...book.byModel.keys()]);
  return {
    currency: book.currency,
    defaultCostCents: book.defaultCostCents,
    models: [...names]
      .map((model) => ({
        model,
        costCents: book.byModel.get(model) ?? null,
        devices: fleetModels.get(model) ?? 0,
      }))
      .sort((a, b) => b.devices - a.devices || a.model.localeCompare(b.model)),
  };
}

/** Why: the whole book is replaced in one transaction; a null cost removes the model's own price. */
export async function writeCostBook(
  db: Kysely<DB>,
  orgId: string,
  update: UpdateReplacementCosts,
  userId: string | null,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('replacement_cost_setting')
      .values({
        org_id: orgId,
        currency: update.currency,
        default_cost_cents: update.defaultCostCents,
        updated_by: userId,
      })
      .onConflict((oc) =>
        oc.column('org_id').doUpdateSet({
          currency: update.currency,
          default_cost_cents: update.defaultCostCents,
          updated_by: userId,
          updated_at: new Date(),
        }),
      )
      .execute();
    const cleared = update.models.filter((m) => m.costCents === null).map((m) => m.model);
    if (cleared.length) {
      await trx
        .deleteFrom('model_replacement_cost')
        .where('org_id', '=', orgId)
        .where('model', 'in', cleared)
        .execute();
    }
    const priced = update.models.flatMap((m) =>
      m.costCents === null ? [] : [{ org_id: orgId, model: m.model, cost_cents: m.costCents }],
    );
    if (priced.length) {
      await trx
        .insertInto('model_replacement_cost')
        .values(priced)
        .onConflict((oc) =>
          oc.columns(['org_id', 'model']).doUpdateSet((eb) => ({
            cost_cents: eb.ref('excluded.cost_cents'),
            updated_at: new Date(),
          })),
        )
        .execute();
    }
  });
}
