import { describe, expect, it } from 'vitest';
import type { EffectivePolicy } from '@fleetdeck/shared/policy-contract';
import { matchesPolicy, modeOf, readViewState, validUserEmail, writeViewState } from './view-state.ts';

const policy = (overrides: Partial<EffectivePolicy> = {}): EffectivePolicy => ({
  key: 'chrome.users.IncognitoMode',
  schemaName: 'chrome.users.IncognitoMode',
  namespace: 'chrome.users',
  title: 'Incognito mode',
  description: 'Controls whether users may open incognito windows.',
  category: 'Security',
  supportUri: null,
  target: null,
  targetName: null,
  status: 'inherited',
  source: { orgUnitId: 'root', orgUnitPath: '/' },
  fields: [
    { name: 'incognitoModeAvailability', label: 'Incognito mode', display: 'Disallow', isDefault: false },
  ],
  ...overrides,
});

describe('policy debugger view state', () => {
  it('reads the links the device page makes, and round-trips', () => {
    const state = readViewState(
      new URLSearchParams('deviceId=abc-123&moveTo=id:03ph8a2z1&q=incog&filter=here'),
    );
    expect(modeOf(state)).toBe('move');
    expect(state).toMatchObject({ deviceId: 'abc-123', moveTo: 'id:03ph8a2z1', q: 'incog', filter: 'here' });
    expect(writeViewState(state).toString()).toBe(
      'deviceId=abc-123&moveTo=id%3A03ph8a2z1&q=incog&filter=here',
    );
    expect(modeOf(readViewState(new URLSearchParams('compare=a1&with=b2')))).toBe('compare');
    expect(modeOf(readViewState(new URLSearchParams('orgUnitId=id:x')))).toBe('orgUnit');
    expect(modeOf(readViewState(new URLSearchParams('deviceId=d1')))).toBe('device');
    expect(modeOf(readViewState(new URLSearchParams('')))).toBe('pick');
  });

  it('ignores malformed ids and unknown filters', () => {
    const state = readViewState(new URLSearchParams('orgUnitId=%27%3Bdrop&deviceId=../x&filter=everything'));
    expect(state.orgUnitId).toBeUndefined();
    expect(state.deviceId).toBeUndefined();
    expect(state.filter).toBe('all');
    expect(readViewState(new URLSearchParams(`q=${'a'.repeat(500)}`)).q).toHaveLength(200);
  });

  it('keeps a user email beside a device or an OU, and drops what is not an email', () => {
    const state = readViewState(new URLSearchParams('deviceId=d1&user=Ana.Ruiz%40School.example.edu'));
    expect(modeOf(state)).toBe('device');
    expect(state.user).toBe('ana.ruiz@school.example.edu');
    expect(writeViewState(state).toString()).toBe('deviceId=d1&user=ana.ruiz%40school.example.edu');
    for (const bad of ['ana', 'ana@school', 'a b@c.d', '../x@y.z', `${'a'.repeat(250)}@b.example`])
      expect(readViewState(new URLSearchParams({ orgUnitId: 'id:x', user: bad })).user, bad).toBeUndefined();
    expect(validUserEmail('  ana@school.example.edu ')).toBe('ana@school.example.edu');
  });

  it('searches names, descriptions and values, and filters by source', () => {
    expect(matchesPolicy(policy(), 'INCOGNITO', 'all')).toBe(true);
    expect(matchesPolicy(policy(), 'windows', 'all')).toBe(true);
    expect(matchesPolicy(policy(), 'disallow', 'all')).toBe(true);
    expect(matchesPolicy(policy(), 'bluetooth', 'all')).toBe(false);
    expect(matchesPolicy(policy(), '', 'here')).toBe(false);
    expect(matchesPolicy(policy(), '', 'inherited')).toBe(true);
    expect(matchesPolicy(policy({ status: 'set_here' }), '', 'here')).toBe(true);
    expect(matchesPolicy(policy({ status: 'default', source: null }), '', 'inherited')).toBe(false);
  });

  it("finds an app policy by the app's name or its id", () => {
    const app = policy({
      target: 'chrome:ghbmnnjooekpmoecnnnilnnbdlolhkhi',
      targetName: 'Google Docs Offline',
    });
    expect(matchesPolicy(app, 'docs offline', 'all')).toBe(true);
    expect(matchesPolicy(app, 'ghbmnn', 'all')).toBe(true);
    expect(matchesPolicy(policy(), 'docs offline', 'all')).toBe(false);
  });
});
