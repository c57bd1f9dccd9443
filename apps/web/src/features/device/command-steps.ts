import { TERMINAL_COMMAND_STATES } from '@fleetdeck/shared/device-actions';

/** Google's command states in the order a delivered command walks them. */
export const COMMAND_STEPS = [
  { state: 'PENDING', label: 'Issued' },
  { state: 'SENT_TO_CLIENT', label: 'Sent to device' },
  { state: 'ACKED_BY_CLIENT', label: 'Acknowledged' },
  { state: 'EXECUTED_BY_CLIENT', label: 'Executed' },
] as const;

export type StepStatus = 'done' | 'current' | 'upcoming' | 'failed';

export interface CommandStep {
  readonly label: string;
  readonly status: StepStatus;
}

const END_LABELS: Record<string, string> = { EXPIRED: 'Expired', CANCELLED: 'Cancelled' };

/** Why: polling stops at Google's end states (shared list, so the server agrees). */
export function isTerminalState(state: string): boolean {
  return TERMINAL_COMMAND_STATES.includes(state);
}

/**
 * The tracker's steps for a state: every step before it done, it current (or done when it is the
 * end), later ones upcoming. An expired or cancelled command ends with a failed step where it
 * stopped; an executed one that failed on the device marks the last step failed.
 */
export function commandSteps(state: string, result?: string | null): CommandStep[] {
  const index = COMMAND_STEPS.findIndex((step) => step.state === state);
  if (index >= 0) {
    const terminal = isTerminalState(state);
    return COMMAND_STEPS.map((step, i) => ({
      label: step.label,
      status:
        i < index
          ? 'done'
          : i === index
            ? terminal
              ? result === 'FAILURE'
                ? 'failed'
                : 'done'
              : 'current'
            : 'upcoming',
    }));
  }
  // Expired or cancelled: it never got past being issued (Google keeps no earlier state).
  return [
    { label: COMMAND_STEPS[0].label, status: 'done' },
    { label: END_LABELS[state] ?? state, status: 'failed' },
  ];
}

/** A state in words for the row's badge. */
export function commandStateLabel(state: string, result?: string | null): string {
  if (state === 'EXECUTED_BY_CLIENT') return result === 'FAILURE' ? 'Failed on device' : 'Executed';
  const step = COMMAND_STEPS.find((s) => s.state === state);
  if (step) return step.state === 'PENDING' ? 'Waiting for device' : step.label;
  return END_LABELS[state] ?? state;
}
