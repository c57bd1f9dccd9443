import { describe, expect, it } from 'vitest';
import { FACET_IDS } from '@fleetdeck/shared/fleet-contract';
import { FACET_ORDER } from './facet-order.ts';

describe('facet order', () => {
  it('lists every facet of the contract once', () => {
    expect([...FACET_ORDER].sort()).toEqual([...FACET_IDS].sort());
  });
});
