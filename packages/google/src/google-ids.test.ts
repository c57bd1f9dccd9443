import { describe, expect, it } from 'vitest';
import { bareOrgUnitId, customerResource, directoryOrgUnitId, orgUnitTargetResource } from './google-ids.ts';
import { baseUrlsForOrigin } from './google-hosts.ts';

describe('id spellings across APIs', () => {
  it('builds customer resources the way GAM does', () => {
    expect(customerResource('my_customer')).toBe('customers/my_customer');
    expect(customerResource('C03puekhd')).toBe('customers/C03puekhd');
    expect(customerResource('03puekhd')).toBe('customers/C03puekhd');
    expect(customerResource('customers/C1')).toBe('customers/C1');
  });

  it('converts OU ids between Directory, Chrome Management and Chrome Policy', () => {
    expect(bareOrgUnitId('id:03ph8a2z1')).toBe('03ph8a2z1');
    expect(bareOrgUnitId('orgunits/03ph8a2z1')).toBe('03ph8a2z1');
    expect(bareOrgUnitId('03ph8a2z1')).toBe('03ph8a2z1');
    expect(directoryOrgUnitId('03ph8a2z1')).toBe('id:03ph8a2z1');
    expect(directoryOrgUnitId('id:03ph8a2z1')).toBe('id:03ph8a2z1');
    expect(orgUnitTargetResource('id:03ph8a2z1')).toBe('orgunits/03ph8a2z1');
  });

  it('points every API at one origin for the emulator', () => {
    expect(baseUrlsForOrigin('http://127.0.0.1:4000/')).toEqual({
      directory: 'http://127.0.0.1:4000',
      chromeManagement: 'http://127.0.0.1:4000',
      chromePolicy: 'http://127.0.0.1:4000',
      oauthToken: 'http://127.0.0.1:4000/token',
    });
  });
});
