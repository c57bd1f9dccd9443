import { describe, expect, it } from 'vitest';
import { savedViewOwner } from './saved-view-owner.ts';

describe("a shared view's owner in the views menu", () => {
  it('names the owner, with their email in the tooltip', () => {
    expect(
      savedViewOwner({
        name: 'Carts',
        ownerName: 'Dana Whitaker',
        ownerEmail: 'it-director@riverbend.example.edu',
      }),
    ).toEqual({
      label: 'Dana Whitaker',
      title: 'Carts, shared by Dana Whitaker (it-director@riverbend.example.edu)',
    });
  });

  it('falls back to the email, and to the view name alone when the owner is unknown', () => {
    expect(savedViewOwner({ name: 'Carts', ownerName: null, ownerEmail: 'tech@example.edu' })).toEqual({
      label: 'tech@example.edu',
      title: 'Carts, shared by tech@example.edu',
    });
    expect(savedViewOwner({ name: 'Carts', ownerName: null, ownerEmail: null })).toEqual({
      label: null,
      title: 'Carts',
    });
  });
});
