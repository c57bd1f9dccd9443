import { describe, expect, it } from 'vitest';
import {
  DEVICE_QUERY_LIMITS,
  DEVICE_QUERY_OPERATORS,
  suggestDeviceQueryOperators,
} from './device-query-operators.ts';
import {
  parseDeviceQuery,
  quoteDeviceQueryValue,
  type DeviceQueryError,
  type DeviceQueryFieldTerm,
  type DeviceQueryTerm,
  type DeviceQueryValue,
} from './device-query.ts';

function terms(text: string): readonly DeviceQueryTerm[] {
  const result = parseDeviceQuery(text);
  if (!result.ok) throw new Error(`expected ok for ${text}: ${JSON.stringify(result.errors)}`);
  return result.query.terms;
}

function only(text: string): DeviceQueryFieldTerm {
  const [term, ...rest] = terms(text);
  expect(rest).toHaveLength(0);
  if (term?.kind !== 'field') throw new Error(`expected a field term for ${text}`);
  return term;
}

function value(text: string): DeviceQueryValue {
  const term = only(text);
  expect(term.values).toHaveLength(1);
  return term.values[0] as DeviceQueryValue;
}

function errors(text: string): readonly DeviceQueryError[] {
  const result = parseDeviceQuery(text);
  if (result.ok) throw new Error(`expected an error for ${text}`);
  return result.errors;
}

describe('parseDeviceQuery: structure', () => {
  it('parses an empty query to no terms', () => {
    expect(terms('')).toEqual([]);
    expect(terms('    ')).toEqual([]);
  });

  it('ANDs whitespace-separated terms and keeps positions', () => {
    const [a, b] = terms('status:ACTIVE  lab');
    expect(a).toMatchObject({ kind: 'field', operator: 'status', start: 0, end: 13, text: 'status:ACTIVE' });
    expect(b).toMatchObject({ kind: 'text', text: 'lab', start: 15, end: 18, negated: false });
  });

  it('negates with a leading minus', () => {
    expect(only('-status:DISABLED')).toMatchObject({ negated: true, operator: 'status' });
    expect(terms('-lab')[0]).toMatchObject({ kind: 'text', negated: true, text: 'lab' });
  });

  it('ORs comma-separated values', () => {
    const term = only('status:ACTIVE,disabled');
    expect(term.values).toEqual([
      { kind: 'enum', values: ['ACTIVE'], includeNull: false, exclude: false },
      { kind: 'enum', values: ['DISABLED'], includeNull: false, exclude: false },
    ]);
  });

  it('reads double and single quoted values with escapes', () => {
    expect(value('user:"tom sawyer"')).toEqual({ kind: 'text', text: 'tom sawyer', prefix: false });
    expect(value("location:'room 12'")).toEqual({ kind: 'text', text: 'room 12', prefix: false });
    expect(value('note:"say \\"hi\\""')).toEqual({ kind: 'text', text: 'say "hi"', prefix: false });
    expect(terms('"Room 101"')[0]).toMatchObject({ kind: 'text', text: 'Room 101' });
    const term = only('model:"HP Chromebook 11 G9","Acer, Spin"');
    expect(term.values.map((v) => (v.kind === 'text' ? v.text : null))).toEqual([
      'HP Chromebook 11 G9',
      'Acer, Spin',
    ]);
  });

  it('accepts operators in any case and through aliases', () => {
    expect(only('STATUS:active').operator).toBe('status');
    expect(only('notes:loaner').operator).toBe('note');
    expect(only('orgunitpath:/Students').operator).toBe('ou');
  });

  it('treats words with colons that are not operator names as free text', () => {
    expect(terms('6c:29:95:72:4c:50')[0]).toMatchObject({ kind: 'text', text: '6c:29:95:72:4c:50' });
  });
});

describe('parseDeviceQuery: operators', () => {
  it('status values, provisioned and managed', () => {
    expect(value('status:pre_provisioned')).toMatchObject({ values: ['PRE_PROVISIONED'] });
    expect(value('status:provisioned')).toMatchObject({ values: ['ACTIVE'], exclude: false });
    expect(value('status:managed')).toMatchObject({ values: ['DEPROVISIONED'], exclude: true });
  });

  it('stale and active spans in d, w, m, y', () => {
    expect(value('stale:30d')).toEqual({ kind: 'relative', amount: 30, unit: 'd' });
    expect(value('stale:8W')).toEqual({ kind: 'relative', amount: 8, unit: 'w' });
    expect(value('stale:6m')).toEqual({ kind: 'relative', amount: 6, unit: 'm' });
    expect(value('active:1y')).toEqual({ kind: 'relative', amount: 1, unit: 'y' });
  });

  it('aue relative forms and date ranges', () => {
    expect(value('aue:expired')).toEqual({ kind: 'aueExpired' });
    expect(value('aue:<6m')).toEqual({ kind: 'aueWithin', amount: 6, unit: 'm' });
    expect(value('aue:<12m')).toEqual({ kind: 'aueWithin', amount: 12, unit: 'm' });
    expect(value('aue:2027-07-01..2028-06-30')).toEqual({
      kind: 'dateRange',
      gte: '2027-07-01',
      lt: '2028-07-01',
    });
    expect(value('aue:..2026-01-01')).toEqual({ kind: 'dateRange', gte: null, lt: '2026-01-02' });
    expect(value('aue:2023-1-1..2023-12-31')).toEqual({
      kind: 'dateRange',
      gte: '2023-01-01',
      lt: '2024-01-01',
    });
  });

  it("Google's date syntax on sync, register and last_user_activity", () => {
    expect(value('sync:2013-10-12')).toEqual({ kind: 'dateRange', gte: '2013-10-12', lt: '2013-10-13' });
    expect(value('sync:2020-01-01..')).toEqual({ kind: 'dateRange', gte: '2020-01-01', lt: null });
    expect(value('register:2013-03-23T10:20:30')).toEqual({
      kind: 'dateRange',
      gte: '2013-03-23T10:20:30Z',
      lt: '2013-03-23T10:20:31Z',
    });
    expect(value('last_user_activity:2023-06-12..2023-06-30')).toMatchObject({
      gte: '2023-06-12',
      lt: '2023-07-01',
    });
  });

  it('battery, compliance, update status, boot mode map to the stored values', () => {
    expect(value('battery:replace_soon')).toMatchObject({ values: ['BATTERY_REPLACE_SOON'] });
    expect(value('battery:BATTERY_REPLACE_NOW')).toMatchObject({ values: ['BATTERY_REPLACE_NOW'] });
    expect(value('battery:unknown')).toMatchObject({ includeNull: true });
    expect(value('compliance:pending_update')).toMatchObject({ values: ['pending'] });
    expect(value('compliance:not_compliant')).toMatchObject({ values: ['notCompliant'] });
    expect(value('update_status:os_update_need_reboot')).toMatchObject({ values: ['updateStateNeedReboot'] });
    expect(value('update_status:default_os_up_to_date')).toMatchObject({ includeNull: true });
    expect(value('boot_mode:DEV')).toMatchObject({ values: ['Dev'] });
    expect(value('boot_mode:verified')).toMatchObject({ values: ['Verified'] });
    expect(value('sku:education')).toMatchObject({ values: expect.arrayContaining(['education']) });
    expect(value('license_sku:standalone_kiosk_and_signage_upgrade')).toMatchObject({
      values: ['kioskUpgrade'],
    });
  });

  it('storage, ram and storage_free ranges with units and shares', () => {
    expect(value('storage:68719476736..69793218560')).toEqual({
      kind: 'numberRange',
      gte: 68719476736,
      lte: 69793218560,
    });
    expect(value('ram:4GB..')).toEqual({ kind: 'numberRange', gte: 4 * 1024 ** 3, lte: null });
    // One size with a unit is the size as sold: what such devices report is a little under it.
    const fourGb = value('ram:4GB') as { gte: number; lte: number };
    expect(fourGb.gte).toBeLessThanOrEqual(3_977_138_176);
    expect(fourGb.lte).toBeGreaterThanOrEqual(4 * 1024 ** 3);
    expect(fourGb.lte).toBeLessThan(7_954_276_352);
    const thirtyTwo = value('storage:32GB') as { gte: number; lte: number };
    expect(thirtyTwo.gte).toBeLessThanOrEqual(30_560_000_000);
    expect(thirtyTwo.gte).toBeGreaterThan(16 * 1024 ** 3);
    expect(thirtyTwo.lte).toBeLessThan(61_120_000_000);
    // A bare number of bytes stays exact.
    expect(value('ram:3977138176')).toEqual({ kind: 'numberRange', gte: 3_977_138_176, lte: 3_977_138_176 });
    expect(value('ram:3977138176B')).toEqual({ kind: 'numberRange', gte: 3_977_138_176, lte: 3_977_138_176 });
    expect(value('storage_free:..5GB')).toEqual({ kind: 'numberRange', gte: null, lte: 5 * 1024 ** 3 });
    expect(value('storage_free:..10%')).toEqual({ kind: 'percentRange', gte: null, lt: 10 });
    expect(value('storage_free:20%..50%')).toEqual({ kind: 'percentRange', gte: 20, lt: 50 });
  });

  it('text operators: chrome_version prefix, MACs, ids', () => {
    expect(value('chrome_version:111')).toEqual({ kind: 'text', text: '111', prefix: false });
    expect(value('chrome_version:111;prefix')).toEqual({ kind: 'text', text: '111', prefix: true });
    expect(value('wifi_mac:6C:29:95:72:4C:50')).toEqual({
      kind: 'text',
      text: '6c2995724c50',
      prefix: false,
    });
    expect(value('ethernet_mac:e8ea6a157981')).toMatchObject({ text: 'e8ea6a157981' });
    expect(value('id:5CD')).toMatchObject({ text: '5CD' });
    for (const name of [
      'serial',
      'asset_id',
      'recent_user',
      'cpu_model_name',
      'meid',
      'device_id',
      'location',
    ]) {
      expect(only(`${name}:abc1`).operator).toBe(name);
    }
    expect(value('public_model_name:"Pixelbook Go"')).toMatchObject({ text: 'Pixelbook Go' });
  });

  it('ou with subtree, exact and quoted paths', () => {
    expect(value('ou:/Students')).toEqual({ kind: 'orgUnit', path: '/Students', subtree: true });
    expect(value('ou:=/Students')).toEqual({ kind: 'orgUnit', path: '/Students', subtree: false });
    expect(value('ou:"/Riverbend/North High"')).toEqual({
      kind: 'orgUnit',
      path: '/Riverbend/North High',
      subtree: true,
    });
    expect(value('ou:="/Riverbend/North High/"')).toEqual({
      kind: 'orgUnit',
      path: '/Riverbend/North High',
      subtree: false,
    });
  });

  it('policy_status and has', () => {
    expect(value('policy_status:FALSE')).toEqual({ kind: 'boolean', value: false });
    expect(value('has:aue')).toEqual({ kind: 'has', field: 'aue', present: true });
    expect(value('aue:unknown')).toEqual({ kind: 'has', field: 'aue', present: false });
    expect(only('-has:model')).toMatchObject({ negated: true });
  });

  it('parses every catalog operator with its first listed value or example', () => {
    const examples: Record<string, string> = {
      text: 'abcd',
      status: 'ACTIVE',
      date: '2024-01-01',
      aue: 'expired',
      relative: '30d',
      bytes: '..8GB',
      storageFree: '..10%',
      boolean: 'true',
      orgUnit: '/Students',
      has: 'model',
    };
    for (const operator of DEVICE_QUERY_OPERATORS) {
      const sample =
        operator.name === 'wifi_mac' || operator.name === 'ethernet_mac'
          ? 'aabbccddeeff'
          : operator.valueKind === 'mapped'
            ? (operator.values[0] as string)
            : (examples[operator.valueKind] as string);
      expect(parseDeviceQuery(`${operator.name}:${sample}`).ok, operator.name).toBe(true);
    }
  });
});

describe('parseDeviceQuery: errors', () => {
  it('names an unknown operator, its position and the closest one', () => {
    const [error] = errors('stauts:ACTIVE');
    expect(error?.message).toBe('Unknown operator "stauts" at position 0. Did you mean "status"?');
    expect(error).toMatchObject({ start: 0, end: 6, term: 'stauts:ACTIVE' });
    const [later] = errors('lab -locaton:x');
    expect(later).toMatchObject({ start: 5, end: 12 });
    expect(later?.message).toContain('Did you mean "location"?');
    expect(errors('zzzzzzzz:1')[0]?.message).not.toContain('Did you mean');
  });

  it('answers names of Object properties as unknown values, with their position', () => {
    for (const text of [
      'battery:constructor',
      'sku:__proto__',
      'battery:toString',
      'storage_free:1hasOwnProperty',
    ]) {
      const result = parseDeviceQuery(`status:ACTIVE ${text}`);
      expect(result.ok, text).toBe(false);
      if (result.ok) continue;
      // Like any unknown value: the position of the value within its term.
      const start = 14 + text.indexOf(':') + 1;
      expect(result.errors[0], text).toMatchObject({ start, term: text });
      expect(result.errors[0]?.message, text).toContain(`position ${start}`);
    }
  });

  it('rejects bad dates with the position of the value', () => {
    const [error] = errors('status:ACTIVE sync:2023-02-30');
    expect(error?.message).toContain('Invalid date "2023-02-30"');
    expect(error?.message).toContain('position 19');
    expect(error).toMatchObject({ start: 19, term: 'sync:2023-02-30' });
    expect(errors('aue:2024-13-01..')[0]?.message).toContain('Invalid date "2024-13-01"');
    expect(errors('register:yesterday')[0]?.message).toContain('Invalid date');
  });

  it('rejects ranges whose minimum exceeds their maximum', () => {
    expect(errors('aue:2028-01-01..2027-01-01')[0]?.message).toContain('Invalid range');
    expect(errors('ram:8GB..4GB')[0]?.message).toContain('Invalid range');
    expect(errors('storage_free:50%..10%')[0]?.message).toContain('Invalid range');
    expect(errors('storage:..')[0]?.message).toContain('Empty range');
  });

  it('rejects empty values and bad enumerations', () => {
    expect(errors('user:')[0]?.message).toContain('Empty value for "user:"');
    expect(errors('user:""')[0]?.message).toContain('Empty value');
    expect(errors('status:ACTIVE,')[0]?.message).toContain('Empty value');
    expect(errors('status:broken')[0]?.message).toContain('Unknown status "broken"');
    expect(errors('battery:fine')[0]?.message).toContain('Unknown value "fine"');
    expect(errors('stale:soon')[0]?.message).toContain('Invalid span');
    expect(errors('aue:<6q')[0]?.message).toContain('Invalid span');
    expect(errors('id:ab')[0]?.message).toContain('at least 3');
    expect(errors('wifi_mac:xyz')[0]?.message).toContain('Invalid MAC');
    expect(errors('policy_status:maybe')[0]?.message).toContain('true or false');
    expect(errors('""')[0]?.message).toContain('Empty phrase');
  });

  it('reports an unterminated quote', () => {
    const [error] = errors('status:ACTIVE user:"tom');
    expect(error?.message).toBe('Unterminated quote at position 19. Close it with ".');
    expect(error).toMatchObject({ start: 19, term: 'user:"tom' });
  });

  it('reports every bad term, not only the first', () => {
    const list = errors('stauts:x sync:2020-99-99 ok');
    expect(list).toHaveLength(2);
    expect(list.map((e) => e.start)).toEqual([0, 14]);
  });

  it('bounds the length and the number of terms', () => {
    const long = 'x'.repeat(DEVICE_QUERY_LIMITS.maxChars + 1);
    expect(errors(long)[0]).toMatchObject({ start: DEVICE_QUERY_LIMITS.maxChars });
    expect(errors(long)[0]?.message).toContain('Query too long');
    const many = Array.from({ length: DEVICE_QUERY_LIMITS.maxTerms + 1 }, (_, i) => `w${i}`).join(' ');
    const [error] = errors(many);
    expect(error?.message).toContain('Too many terms');
    expect(error?.term.startsWith(`w${DEVICE_QUERY_LIMITS.maxTerms}`)).toBe(true);
  });

  it('survives junk without throwing', () => {
    let seed = 7;
    const alphabet = 'ab:,."\'-=..<>%;\\ \tz09';
    for (let run = 0; run < 300; run += 1) {
      let text = '';
      for (let i = 0; i < 60; i += 1) {
        seed = (seed * 1103515245 + 12345) % 2 ** 31;
        text += alphabet.charAt(seed % alphabet.length);
      }
      const result = parseDeviceQuery(text);
      if (!result.ok) {
        for (const error of result.errors) {
          expect(error.start).toBeGreaterThanOrEqual(0);
          expect(error.end).toBeLessThanOrEqual(text.length + 1);
        }
      }
    }
  });
});

describe('catalog helpers', () => {
  it('suggests operators by prefix', () => {
    expect(suggestDeviceQueryOperators('sta').map((o) => o.name)).toEqual(['status', 'stale']);
  });
  it('quotes values that need it so they parse back', () => {
    for (const raw of ['plain', 'two words', 'say "hi"', 'a,b', '-neg', 'back\\slash']) {
      const term = only(`user:${quoteDeviceQueryValue(raw)}`);
      expect(term.values[0]).toMatchObject({ text: raw });
    }
  });
});

describe('parseDeviceQuery: characters the server refuses', () => {
  it.each([
    ['status:ACTIVE 5CD\u0000', 17, 'U+0000'],
    ['\u0001', 0, 'U+0001'],
    ['user:"tom\tsawyer"', 9, 'U+0009'],
    ['notes:\ud800x', 6, 'U+D800'],
  ])('%j is refused before it is sent, with the character and its position', (query, at, code) => {
    const [error, ...rest] = errors(query);
    expect(rest).toEqual([]);
    expect(error).toMatchObject({ start: at, end: at + 1 });
    expect(error?.message).toContain(`(${code}) at position ${at}`);
    expect(error?.message).toMatch(/^The query contains a/);
  });
});
