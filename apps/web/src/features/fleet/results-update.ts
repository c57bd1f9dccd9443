/**
 * Where the table is in loading a new query, sort or column set while the previous rows stay on
 * screen: `waiting` is the first moments (nothing shown, so a fast answer does not flicker a loader),
 * `updating` shows the progress bar and "Updating…", `updated` tells screen readers the rows changed.
 */
export type UpdatePhase = 'idle' | 'waiting' | 'updating' | 'updated';

/** A new load started, it has run long enough to show, or its rows arrived. */
export type UpdateEvent = 'start' | 'delay-passed' | 'done';

/** Fast answers should not flicker a loader; show progress only after this long (as page loads do). */
export const SHOW_UPDATING_AFTER_MS = 200;

/** Why: one place decides what the count line says and when the table's progress bar shows. */
export function nextUpdatePhase(phase: UpdatePhase, event: UpdateEvent): UpdatePhase {
  switch (event) {
    case 'start':
      return phase === 'updating' ? 'updating' : 'waiting';
    case 'delay-passed':
      return phase === 'waiting' ? 'updating' : phase;
    case 'done':
      return phase === 'waiting' || phase === 'updating' ? 'updated' : phase;
  }
}

/** The status line's words for each phase; empty while nothing is worth saying. */
export const UPDATE_NOTE: Record<UpdatePhase, string> = {
  idle: '',
  waiting: '',
  updating: 'Updating…',
  updated: 'Results updated',
};
