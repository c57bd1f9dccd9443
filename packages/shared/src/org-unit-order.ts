/**
 * One order for every list of organizational units: as a tree (a unit's children directly under
 * it, never "/North High" between "/North" and "/North/Grade 9") and natural ("Grade 9" before
 * "Grade 12"). Plain functions: the server's lists and the browser's pickers sort the same way.
 */

const natural = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

function segments(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

/** Compares two OU paths segment by segment, numbers by value; the root `/` comes first. */
export function compareOrgUnitPaths(a: string, b: string): number {
  const left = segments(a);
  const right = segments(b);
  for (let index = 0; index < Math.min(left.length, right.length); index++) {
    const x = left[index] ?? '';
    const y = right[index] ?? '';
    const order = natural.compare(x, y) || (x < y ? -1 : x > y ? 1 : 0);
    if (order !== 0) return order;
  }
  return left.length - right.length;
}

/** Compares two sibling units' names naturally ("Grade 9" before "Grade 12"). */
export function compareOrgUnitNames(a: string, b: string): number {
  return natural.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}

/** Why: every unit list (pickers, trees, the API's lists) reads as the same tree. */
export function sortByOrgUnitPath<T>(items: readonly T[], pathOf: (item: T) => string): T[] {
  return [...items].sort((a, b) => compareOrgUnitPaths(pathOf(a), pathOf(b)));
}

/**
 * Why: a unit's device count means what the fleet's `ou:` filter means, the unit and its sub-units.
 * `own` is each unit's own devices; the answer maps each path to its subtree's total.
 */
export function subtreeDeviceCounts<T>(
  units: readonly T[],
  pathOf: (unit: T) => string,
  own: (unit: T) => number,
): Map<string, number> {
  const totals = new Map(units.map((unit) => [pathOf(unit), 0]));
  for (const unit of units) {
    const parts = segments(pathOf(unit));
    for (let depth = 0; depth <= parts.length; depth++) {
      const ancestor = `/${parts.slice(0, depth).join('/')}`;
      const total = totals.get(ancestor);
      if (total !== undefined) totals.set(ancestor, total + own(unit));
    }
  }
  return totals;
}

/** A unit's depth below the root: `/` is 0, `/North` 1, `/North/Grade 9` 2. */
export function orgUnitDepth(path: string): number {
  return segments(path).length;
}
