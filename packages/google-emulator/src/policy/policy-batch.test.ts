import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRADE3, GRADE4, post, resolve, ROOT, setup, teardown } from './policy-test-harness.ts';

beforeAll(setup);
afterAll(teardown);

describe('batchModify and batchInherit', () => {
  it('sets a value that resolve then reports as direct, and inherit restores the parent value', async () => {
    const modify = await post('policies/orgunits:batchModify', {
      requests: [
        {
          policyTargetKey: { targetResource: GRADE4 },
          policyValue: {
            policySchema: 'chrome.users.IncognitoMode',
            value: { incognitoModeAvailability: 'INCOGNITO_MODE_AVAILABILITY_ENUM_FORCED' },
          },
          updateMask: 'incognitoModeAvailability',
        },
      ],
    });
    expect(modify.statusCode).toBe(200);
    expect(modify.json()).toEqual({});
    const after = (await resolve('chrome.users.IncognitoMode', GRADE4)).resolvedPolicies?.[0];
    expect(after?.sourceKey).toEqual({ targetResource: GRADE4 });
    expect(after?.value.value.incognitoModeAvailability).toBe('INCOGNITO_MODE_AVAILABILITY_ENUM_FORCED');
    const inherit = await post('policies/orgunits:batchInherit', {
      requests: [{ policyTargetKey: { targetResource: GRADE4 }, policySchema: 'chrome.users.IncognitoMode' }],
    });
    expect(inherit.statusCode).toBe(200);
    const restored = (await resolve('chrome.users.IncognitoMode', GRADE4)).resolvedPolicies?.[0];
    expect(restored?.sourceKey).toEqual({ targetResource: ROOT });
    expect(restored?.value.value.incognitoModeAvailability).toBe(
      'INCOGNITO_MODE_AVAILABILITY_ENUM_UNAVAILABLE',
    );
  });

  it('writes only masked fields, starting from the inherited value', async () => {
    const response = await post('policies/orgunits:batchModify', {
      requests: [
        {
          policyTargetKey: { targetResource: GRADE3 },
          policyValue: {
            policySchema: 'chrome.devices.AutoUpdateSettings',
            value: { rebootAfterUpdate: false, updateDisabled: true },
          },
          updateMask: 'rebootAfterUpdate',
        },
      ],
    });
    expect(response.statusCode).toBe(200);
    const value = (await resolve('chrome.devices.AutoUpdateSettings', GRADE3)).resolvedPolicies?.[0]?.value
      .value;
    expect(value).toMatchObject({
      rebootAfterUpdate: false,
      updateDisabled: false,
      releaseChannelWithLts: 'RELEASE_CHANNEL_WITH_LTS_ENUM_STABLE_CHANNEL',
    });
  });

  it('reports per-request errors in PolicyModificationErrorDetails and applies nothing', async () => {
    const response = await post('policies/orgunits:batchModify', {
      requests: [
        {
          policyTargetKey: { targetResource: GRADE4 },
          policyValue: {
            policySchema: 'chrome.users.ShowLogoutButton',
            value: { showLogoutButtonInTray: false },
          },
          updateMask: 'showLogoutButtonInTray',
        },
        {
          policyTargetKey: { targetResource: GRADE4 },
          policyValue: {
            policySchema: 'chrome.users.IncognitoMode',
            value: { incognitoModeAvailability: 'SOMETIMES' },
          },
          updateMask: 'incognitoModeAvailability,noSuchField',
        },
        {
          policyTargetKey: { targetResource: GRADE4 },
          policyValue: { policySchema: 'chrome.users.Nope', value: {} },
          updateMask: 'x',
        },
        {
          policyTargetKey: { targetResource: GRADE4 },
          policyValue: { policySchema: 'chrome.users.Homepage', value: { homepageIsNewTabPage: true } },
        },
      ],
    });
    expect(response.statusCode).toBe(400);
    const [details] = response.json().error.details;
    expect(details['@type']).toContain('PolicyModificationErrorDetails');
    const errors = details.modificationErrors as Array<{
      policySchema: string;
      errors: string[];
      fieldErrors: Array<{ field: string }>;
    }>;
    expect(errors.map((error) => error.policySchema)).toEqual([
      'chrome.users.IncognitoMode',
      'chrome.users.Nope',
      'chrome.users.Homepage',
    ]);
    expect(errors[0]?.fieldErrors.map((error) => error.field)).toEqual([
      'incognitoModeAvailability',
      'noSuchField',
    ]);
    expect(errors[2]?.errors.join(' ')).toContain('updateMask');
    const logout = (await resolve('chrome.users.ShowLogoutButton', GRADE4)).resolvedPolicies?.[0];
    expect(logout?.sourceKey).toEqual({ targetResource: ROOT });
  });

  it("enforces Google's batch rules", async () => {
    const value = (schema: string, field: string, fieldValue: unknown, target = GRADE4) => ({
      policyTargetKey: { targetResource: target },
      policyValue: { policySchema: schema, value: { [field]: fieldValue } },
      updateMask: field,
    });
    const mixed = await post('policies/orgunits:batchModify', {
      requests: [
        value('chrome.users.ShowLogoutButton', 'showLogoutButtonInTray', true),
        value('chrome.devices.Bluetooth', 'allowBluetooth', false),
      ],
    });
    expect(mixed.json().error.message).toContain('root namespace');
    const duplicate = await post('policies/orgunits:batchModify', {
      requests: [
        value('chrome.devices.Bluetooth', 'allowBluetooth', true),
        value('chrome.devices.Bluetooth', 'allowBluetooth', false),
      ],
    });
    expect(duplicate.json().error.message).toContain('only once');
    const group = await post('policies/orgunits:batchModify', {
      requests: [value('chrome.devices.Bluetooth', 'allowBluetooth', true, 'groups/01abc')],
    });
    expect(group.statusCode).toBe(400);
    const twoTargets = await post('policies/orgunits:batchModify', {
      requests: [
        value('chrome.devices.Bluetooth', 'allowBluetooth', false, GRADE3),
        value('chrome.devices.Bluetooth', 'allowBluetooth', false, GRADE4),
      ],
    });
    expect(twoTargets.statusCode).toBe(200);
    const missingAppId = await post('policies/orgunits:batchModify', {
      requests: [value('chrome.users.apps.InstallType', 'appInstallType', 'APP_INSTALL_TYPE_ENUM_BLOCKED')],
    });
    expect(missingAppId.json().error.details[0].modificationErrors[0].errors[0]).toContain('app_id');
    const rootInherit = await post('policies/orgunits:batchInherit', {
      requests: [{ policyTargetKey: { targetResource: ROOT }, policySchema: 'chrome.devices.GuestMode' }],
    });
    expect(rootInherit.statusCode).toBe(400);
    expect(rootInherit.json().error.details[0].modificationErrors[0].errors[0]).toContain('root');
  });
});
