import { describe, expect, it } from 'vitest';
import { DEFAULT_FLEET_COLUMNS } from '@fleetdeck/shared/fleet-columns';
import { hasExplicitState, readViewState, writeViewState } from './fleet-url-state.ts';

const read = (search: string) => readViewState(new URLSearchParams(search));

describe('fleet view state in the URL', () => {
  it('reads an empty URL as the default view', () => {
    expect(read('')).toEqual({
      q: '',
      columns: DEFAULT_FLEET_COLUMNS,
      sort: 'serialNumber',
      dir: 'asc',
      density: 'compact',
      viewId: null,
      pastedId: null,
    });
  });

  it('keeps known columns in order, drops unknown and repeated ones', () => {
    expect(read('cols=model,bogus,serialNumber,model').columns).toEqual(['model', 'serialNumber']);
    expect(read('cols=bogus').columns).toEqual(DEFAULT_FLEET_COLUMNS);
  });

  it('refuses to sort by an unsortable or unknown column', () => {
    expect(read('sort=notes&dir=desc')).toMatchObject({ sort: 'serialNumber', dir: 'desc' });
    expect(read('sort=nope').sort).toBe('serialNumber');
    expect(read('sort=lastSync&dir=sideways')).toMatchObject({ sort: 'lastSync', dir: 'asc' });
  });

  it('writes only what differs from the default, and reads back what it wrote', () => {
    const base = read('');
    expect(writeViewState({}, base).toString()).toBe('');
    const params = writeViewState(
      {
        q: 'status:ACTIVE aue:<6m',
        columns: ['model', 'status'],
        sort: 'aueDate',
        dir: 'desc',
        viewId: 'v1',
      },
      base,
    );
    expect(params.toString()).toBe(
      'q=status%3AACTIVE+aue%3A%3C6m&cols=model%2Cstatus&sort=aueDate&dir=desc&view=v1',
    );
    expect(readViewState(params)).toMatchObject({
      q: 'status:ACTIVE aue:<6m',
      sort: 'aueDate',
      viewId: 'v1',
    });
  });

  it('carries the pasted list shown, and drops it with a new query', () => {
    const pasted = read('q=status%3AACTIVE&pasted=abc123def0');
    expect(pasted.pastedId).toBe('abc123def0');
    expect(writeViewState({ density: 'comfortable' }, pasted).get('pasted')).toBe('abc123def0');
    expect(writeViewState({ q: 'status:ACTIVE' }, pasted).get('pasted')).toBe('abc123def0');
    expect(writeViewState({ q: 'status:DISABLED' }, pasted).has('pasted')).toBe(false);
    expect(writeViewState({ pastedId: null }, pasted).toString()).toBe('q=status%3AACTIVE');
    expect(writeViewState({ pastedId: 'new1234567' }, read('')).toString()).toBe('pasted=new1234567');
    expect(read(`pasted=${'x'.repeat(500)}`).pastedId).toHaveLength(64);
  });

  it('tells a bare view link from one that carries its own state', () => {
    expect(hasExplicitState(new URLSearchParams('view=abc'))).toBe(false);
    expect(hasExplicitState(new URLSearchParams('view=abc&density=comfortable'))).toBe(false);
    expect(hasExplicitState(new URLSearchParams('view=abc&q=x'))).toBe(true);
  });
});
