import { describe, expect, it } from 'vitest';
import { nextUpdatePhase, UPDATE_NOTE, type UpdateEvent, type UpdatePhase } from './results-update.ts';

const run = (events: UpdateEvent[], from: UpdatePhase = 'idle') => events.reduce(nextUpdatePhase, from);

describe('results update phase', () => {
  it('shows progress only once a load has run past the delay', () => {
    expect(run(['start'])).toBe('waiting');
    expect(run(['start', 'delay-passed'])).toBe('updating');
    expect(UPDATE_NOTE.waiting).toBe('');
    expect(UPDATE_NOTE.updating).toBe('Updating…');
  });

  it('says the results were updated when the rows arrive, fast or slow', () => {
    expect(run(['start', 'done'])).toBe('updated');
    expect(run(['start', 'delay-passed', 'done'])).toBe('updated');
    expect(UPDATE_NOTE.updated).toBe('Results updated');
  });

  it('keeps showing progress when the next load starts before the last one answered', () => {
    expect(run(['start', 'delay-passed', 'start'])).toBe('updating');
    expect(run(['start', 'done', 'start'])).toBe('waiting');
  });

  it('ignores a late timer and an answer nobody waited for', () => {
    expect(run(['delay-passed'])).toBe('idle');
    expect(run(['start', 'done', 'delay-passed'])).toBe('updated');
    expect(run(['done'])).toBe('idle');
  });
});
