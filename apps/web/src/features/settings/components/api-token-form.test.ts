import { describe, expect, it } from 'vitest';
import { parseApiTokenForm } from './api-token-form.tsx';

describe('parseApiTokenForm', () => {
  it('needs a name, and trims it', () => {
    expect(parseApiTokenForm({ name: '  ', units: '', myUnits: [] })).toMatchObject({ ok: false });
    expect(parseApiTokenForm({ name: ' Nightly ', units: '', myUnits: [] })).toEqual({
      ok: true,
      name: 'Nightly',
      units: [],
    });
  });

  it('asks a member limited to units for units, and refuses what is not an OU path', () => {
    expect(parseApiTokenForm({ name: 'x', units: '', myUnits: ['/Schools/North'] })).toEqual({
      ok: false,
      message: 'Choose units within yours: /Schools/North.',
    });
    expect(parseApiTokenForm({ name: 'x', units: 'Schools', myUnits: [] })).toMatchObject({ ok: false });
    expect(parseApiTokenForm({ name: 'x', units: '/Schools/North, /Staff', myUnits: [] })).toMatchObject({
      ok: true,
      units: ['/Schools/North', '/Staff'],
    });
  });
});
