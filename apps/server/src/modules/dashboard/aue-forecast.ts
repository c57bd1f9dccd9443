import {
  schoolYearLabel,
  type AueSchoolYear,
  type DashboardResponse,
} from '@fleetdeck/shared/dashboard-contract';
import { IN_SERVICE, modelTerm, schoolYearRange } from './fleet-queries.ts';
import type { CostBook } from './replacement-costs.ts';

/**
 * The AUE forecast: devices in service by the school year their updates end (July to June), each
 * year and model at its replacement cost, and the devices whose updates already ended before this
 * school year as a line of their own (due now).
 */

/** Years of the cost forecast after the past-due line: the current school year and the next three. */
const FORECAST_YEARS = 4;

/** Why: the dashboard's AUE chart and cost table from the rollup's `year|model` buckets. */
export function aueForecast(
  buckets: readonly [string, number][],
  costs: CostBook,
  now: Date,
): DashboardResponse['aue'] {
  const currentYear = now.getUTCMonth() >= 6 ? now.getUTCFullYear() : now.getUTCFullYear() - 1;
  const years = new Map<number, { model: string; count: number }[]>();
  let withoutDate = 0;
  for (const [bucket, count] of buckets) {
    const split = bucket.indexOf('|');
    const year = bucket.slice(0, split);
    const model = bucket.slice(split + 1);
    if (year === 'none') {
      withoutDate += count;
      continue;
    }
    const list = years.get(Number(year)) ?? [];
    list.push({ model, count });
    years.set(Number(year), list);
  }
  // A continuous timeline: school years between the first and the last without devices show as 0.
  const starts = [...years.keys()];
  for (let year = Math.min(...starts); year < Math.max(...starts); year++) {
    if (!years.has(year)) years.set(year, []);
  }
  const unitCost = (model: string) => costs.byModel.get(model) ?? costs.defaultCostCents;
  const priced = (models: { model: string; count: number }[], rangeTerm: string) =>
    pricedModels(models, rangeTerm, unitCost);
  const schoolYears: AueSchoolYear[] = [...years.entries()]
    .sort(([a], [b]) => a - b)
    .map(([startYear, models]) => {
      const range = schoolYearRange(startYear);
      const { count, costCents, models: byModel } = priced(models, range.term);
      return {
        startYear,
        label: schoolYearLabel(startYear),
        from: range.from,
        to: range.to,
        timing: startYear < currentYear ? 'past' : startYear === currentYear ? 'current' : 'future',
        count,
        query: `${IN_SERVICE} ${range.term}`,
        costCents,
        models: byModel,
      };
    });
  // Devices whose updates ended before this school year and are still in service: due now.
  const pastTerm = `aue:..${currentYear}-06-30`;
  const pastModels = new Map<string, number>();
  for (const [startYear, models] of years) {
    if (startYear >= currentYear) continue;
    for (const { model, count } of models) pastModels.set(model, (pastModels.get(model) ?? 0) + count);
  }
  const pastDue = {
    ...priced(
      [...pastModels].map(([model, count]) => ({ model, count })),
      pastTerm,
    ),
    before: schoolYearLabel(currentYear),
    query: `${IN_SERVICE} ${pastTerm}`,
  };
  const forecastCents =
    pastDue.costCents +
    schoolYears
      .filter((y) => y.startYear >= currentYear && y.startYear < currentYear + FORECAST_YEARS)
      .reduce((sum, y) => sum + y.costCents, 0);
  return { schoolYears, pastDue, withoutDate, currency: costs.currency, forecastCents };
}

/** Why: a year's (or the past-due line's) devices by model, largest first, at each model's cost. */
function pricedModels(
  models: readonly { model: string; count: number }[],
  rangeTerm: string,
  unitCost: (model: string) => number,
): { count: number; costCents: number; models: AueSchoolYear['models'] } {
  const sorted = [...models].sort((a, b) => b.count - a.count || a.model.localeCompare(b.model));
  const term = (model: string) => (model === 'Unknown' ? null : modelTerm(model));
  return {
    count: sorted.reduce((sum, m) => sum + m.count, 0),
    costCents: sorted.reduce((sum, m) => sum + m.count * unitCost(m.model), 0),
    models: sorted.map((m) => {
      const modelPart = term(m.model);
      return {
        model: m.model,
        count: m.count,
        query: modelPart ? `${IN_SERVICE} ${rangeTerm} ${modelPart}` : null,
        unitCostCents: unitCost(m.model),
      };
    }),
  };
}
