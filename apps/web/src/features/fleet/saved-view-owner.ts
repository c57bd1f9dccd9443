import type { SavedView } from '@fleetdeck/shared/fleet-contract';

/**
 * How the views menu names who shared a view: their name when their account has one, else their
 * email; the tooltip gives both, so two people of the same name can be told apart.
 */
export function savedViewOwner(view: Pick<SavedView, 'name' | 'ownerName' | 'ownerEmail'>): {
  label: string | null;
  title: string;
} {
  const label = view.ownerName ?? view.ownerEmail;
  if (label === null) return { label: null, title: view.name };
  const who = view.ownerName && view.ownerEmail ? `${view.ownerName} (${view.ownerEmail})` : label;
  return { label, title: `${view.name}, shared by ${who}` };
}
