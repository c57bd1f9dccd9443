/** Why: one place names every cached query of the sync page, so a started run refreshes the list. */
export const syncKeys = {
  schedule: ['sync', 'schedule'] as const,
  runs: ['sync', 'runs'] as const,
  run: (id: string) => ['sync', 'run', id] as const,
};
