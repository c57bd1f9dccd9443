import { describe, expect, it } from 'vitest';
import { ROUTE_ACCESS } from '@fleetdeck/shared/route-access';
import { API_TOKEN_REFUSED_ROUTES } from './api-token-refusals.ts';

describe('API_TOKEN_REFUSED_ROUTES', () => {
  it('names only routes of the access table (a misspelt key would refuse nothing)', () => {
    expect([...API_TOKEN_REFUSED_ROUTES].filter((key) => !(key in ROUTE_ACCESS))).toEqual([]);
  });
});
