/** Why: one place names every cached query of the dashboard (its replacement costs sit under it). */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  replacementCosts: ['dashboard', 'replacement-costs'] as const,
};
