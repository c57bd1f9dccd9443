import { describe, expect, it } from 'vitest';
import { leadPacer } from './telemetry-phase.ts';

function pacer() {
  const lead = { released: 0, release: () => (lead.released += 1) };
  return { lead, pace: leadPacer(lead) };
}

describe('telemetry leading the devices of a first copy', () => {
  it('keeps the lead while the chain works longer on each page than it waits for the next', () => {
    const { lead, pace } = pacer();
    pace({ waitedMs: 900, workedMs: 40 });
    for (let page = 0; page < 50; page++) pace({ waitedMs: page % 3 === 0 ? 30 : 1, workedMs: 60 });
    expect(lead.released).toBe(0);
  });

  it('gives the lead up once waiting on Google outweighs the work, from the second page on', () => {
    const { lead, pace } = pacer();
    pace({ waitedMs: 300, workedMs: 50 });
    expect(lead.released).toBe(0);
    pace({ waitedMs: 40, workedMs: 60 });
    expect(lead.released).toBe(0);
    pace({ waitedMs: 310, workedMs: 55 });
    expect(lead.released).toBeGreaterThan(0);
  });
});
