import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fullDevice, fullDevicesPageText } from '../../test/device-fixtures.ts';
import { chromeOsDevicesPageSchema } from '../directory/chromeos-device.schema.ts';
import { telemetryDevicesPageSchema } from '../management/telemetry.schema.ts';
import { int64String, openEnum } from '../wire-types.ts';
import { validateResponse } from './response-validation.ts';

/** Both results, from separate parses of the same text, since valid input is returned uncopied. */
function both<T>(schema: z.ZodType<T>, text: string) {
  return { fast: validateResponse(schema, JSON.parse(text)), zod: schema.safeParse(JSON.parse(text)) };
}

/** Same success, same data (keys may come in another order), or the same issues. */
function expectSameAsZod<T>(schema: z.ZodType<T>, value: unknown) {
  const { fast, zod } = both(schema, JSON.stringify(value));
  expect(fast.success).toBe(zod.success);
  expect(fast.data).toStrictEqual(zod.data);
  expect(fast.error?.issues).toEqual(zod.error?.issues);
  return fast;
}

describe('validateResponse', () => {
  it('returns what zod returns for a FULL device page, unknown fields dropped', () => {
    const fast = expectSameAsZod(chromeOsDevicesPageSchema, JSON.parse(fullDevicesPageText(20, 0, 'next')));
    expect(fast.data?.chromeosdevices?.[0]).not.toHaveProperty('someFieldGoogleAddsLater');
    expect(fast.data?.chromeosdevices?.[0]?.systemRamTotal).toBe('16695300096');
  });

  it('keeps valid objects as parsed instead of copying them', () => {
    const json = JSON.parse(JSON.stringify({ chromeosdevices: [{ deviceId: 'a', status: 'ACTIVE' }] }));
    const result = validateResponse(chromeOsDevicesPageSchema, json);
    expect(result.data).toBe(json);
  });

  it("keeps Google's key order where zod would use the schema's", () => {
    const { deviceId, ...rest } = fullDevice(1);
    const fast = expectSameAsZod(chromeOsDevicesPageSchema, { chromeosdevices: [{ ...rest, deviceId }] });
    expect(Object.keys(fast.data?.chromeosdevices?.[0] ?? {}).at(-1)).toBe('deviceId');
  });

  it('accepts new enum values and rejects what zod rejects, with zod issues', () => {
    expectSameAsZod(chromeOsDevicesPageSchema, {
      chromeosdevices: [{ deviceId: 'a', status: 'SOMETHING_NEW' }],
    });
    const invalid: unknown[] = [
      { chromeosdevices: [{ status: 'ACTIVE' }] },
      { chromeosdevices: [{ deviceId: 'a', systemRamTotal: 16695300096 }] },
      { chromeosdevices: [{ deviceId: 'a', systemRamTotal: '16 GB' }] },
      { chromeosdevices: [{ deviceId: 'a', willAutoRenew: 'yes' }] },
      { chromeosdevices: [{ deviceId: 'a', backlightInfo: [{ brightness: 0.5 }] }] },
      { chromeosdevices: [{ deviceId: 'a', recentUsers: {} }] },
      { chromeosdevices: [{ deviceId: 'a', tpmVersionInfo: [] }] },
      { chromeosdevices: [{ deviceId: 'a', osUpdateStatus: null }] },
      { chromeosdevices: 'none' },
      [],
      null,
    ];
    for (const body of invalid) expect(expectSameAsZod(chromeOsDevicesPageSchema, body).success).toBe(false);
  });

  it('leaves the kinds it does not compile to zod, wherever they sit', () => {
    const schema = z.object({
      id: int64String,
      kind: z.literal('a').optional(),
      color: z.enum(['red', 'blue']).optional(),
      tags: z.record(z.string(), z.number()).optional(),
      size: z.number().int().min(1).optional(),
      name: z.string().max(3).optional(),
      nested: z.array(z.object({ n: z.number().nullable() })).optional(),
    });
    const values: unknown[] = [
      { id: '1' },
      { id: '1', kind: 'a', color: 'red', tags: { a: 1 }, size: 2, name: 'abc', nested: [{ n: null }] },
      { id: '1', color: 'green' },
      { id: '1', size: 0 },
      { id: '1', name: 'abcd' },
      { id: '1', tags: { a: 'x' } },
      { id: '1', nested: [{}] },
    ];
    for (const value of values) expectSameAsZod(schema, value);
    const defaulted = z.object({ id: z.string(), mode: openEnum(['X']).default('X') });
    expectSameAsZod(defaulted, { id: '1' });
    expectSameAsZod(defaulted, { mode: 'Y', id: '1' });
    expectSameAsZod(z.object({ a: z.string() }).strict(), { a: 'x', b: 1 });
    expectSameAsZod(z.object({ a: z.string() }).loose(), { a: 'x', b: 1 });
  });

  it('returns what zod returns for a telemetry page', () => {
    const page = {
      devices: [
        { name: 'customers/C1/telemetry/devices/d1', deviceId: 'd1', unknownReport: [{ a: 1 }] },
        { deviceId: 'd2', serialNumber: 'S2' },
      ],
      nextPageToken: 't',
    };
    expectSameAsZod(telemetryDevicesPageSchema, page);
  });
});
