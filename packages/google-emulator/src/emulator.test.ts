import { describe, expect, it } from 'vitest';
import { createEmulator } from './emulator.ts';
import { startTestEmulator } from './testing/emulator-harness.ts';

describe('createEmulator wiring', () => {
  it('serves every API on one origin and knows that origin once it listens', async () => {
    const emulator = createEmulator({ size: 100, seed: 1, now: Date.UTC(2026, 2, 2) });
    const origin = await emulator.listen(0);
    try {
      expect(origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(emulator.origin).toBe(origin);
      const discovery = (await (await fetch(`${origin}/.well-known/openid-configuration`)).json()) as {
        issuer: string;
      };
      expect(discovery.issuer).toBe(origin);
      const control = (await (await fetch(`${origin}/__emulator`)).json()) as { fleet: { size: number } };
      expect(control.fleet.size).toBe(100);
    } finally {
      await emulator.close();
    }
  });

  it('keeps Chrome Policy values in step with the OU tree across a reseed', async () => {
    const t = startTestEmulator({ accessTokenTtlSeconds: 86_400 });
    const resolveAt = async () => {
      const school = t.emu.state.fleet.orgUnits.children(t.emu.state.fleet.orgUnits.root)[0]!;
      const { status, body } = await t.send('POST', '/v1/customers/my_customer/policies:resolve', {
        policySchemaFilter: 'chrome.users.*',
        policyTargetKey: { targetResource: `orgunits/${school.orgUnitId}` },
      });
      expect(status).toBe(200);
      return (body.resolvedPolicies ?? []) as unknown[];
    };
    expect((await resolveAt()).length).toBeGreaterThan(0);
    await t.send('POST', '/__emulator/reseed', { seed: 77, size: 300 });
    expect((await resolveAt()).length).toBeGreaterThan(0);
  });
});
