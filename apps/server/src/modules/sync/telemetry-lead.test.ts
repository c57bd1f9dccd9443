import { describe, expect, it } from 'vitest';
import { leadPacer } from './telemetry-phase.ts';

function pacer() {
  const lead = { released: 0, release: () => (lead.released += 1) };
  return { lead, pace: leadPacer(lead) };
}

describe('telemetry leading the devices of a first copy', () => {
  it('keeps the lead while the chain works at least a quarter of its time', () => {
    const { lead, pace } = pacer();
    pace({ waitedMs: 900, workedMs: 40 });
    for (let page = 0; page < 50; page++) pace({ waitedMs: page % 3 === 0 ? 30 : 1, workedMs: 60 });
    // Waiting about as long as it works, or twice as long, is still worth the lead.
    for (let page = 0; page < 50; page++) pace({ waitedMs: 120, workedMs: 60 });
    expect(lead.released).toBe(0);
  });

  it('gives the lead up once waiting on Google outweighs the work threefold, from the second page on', () => {
    const { lead, pace } = pacer();
    // A first page slowed by the first request's set-up says nothing yet.
    pace({ waitedMs: 374, workedMs: 55 });
    expect(lead.released).toBe(0);
    pace({ waitedMs: 150, workedMs: 50 });
    expect(lead.released).toBe(0);
    pace({ waitedMs: 40, workedMs: 60 });
    pace({ waitedMs: 150, workedMs: 60 });
    expect(lead.released).toBe(0);
    pace({ waitedMs: 400, workedMs: 55 });
    expect(lead.released).toBeGreaterThan(0);
  });
});
