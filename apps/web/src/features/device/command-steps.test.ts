import { describe, expect, it } from 'vitest';
import { commandStateLabel, commandSteps, isTerminalState } from './command-steps.ts';

describe('command tracker steps', () => {
  it('marks the steps before the current state done and later ones upcoming', () => {
    expect(commandSteps('SENT_TO_CLIENT').map((s) => s.status)).toEqual([
      'done',
      'current',
      'upcoming',
      'upcoming',
    ]);
    expect(commandSteps('PENDING')[0]?.status).toBe('current');
  });

  it('ends done when executed, failed when the device reported a failure', () => {
    expect(commandSteps('EXECUTED_BY_CLIENT', 'SUCCESS').every((s) => s.status === 'done')).toBe(true);
    expect(commandSteps('EXECUTED_BY_CLIENT', 'FAILURE').at(-1)?.status).toBe('failed');
    expect(commandStateLabel('EXECUTED_BY_CLIENT', 'FAILURE')).toBe('Failed on device');
  });

  it('shows an expired command as stopped after being issued', () => {
    expect(commandSteps('EXPIRED')).toEqual([
      { label: 'Issued', status: 'done' },
      { label: 'Expired', status: 'failed' },
    ]);
    expect(isTerminalState('EXPIRED')).toBe(true);
    expect(isTerminalState('ACKED_BY_CLIENT')).toBe(false);
  });
});
