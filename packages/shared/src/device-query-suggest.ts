/** The closest known operator to a mistyped one, for the parser's "Did you mean" hint. */
import { OPERATOR_BY_NAME } from './device-query-operators.ts';

/** Why: suggestions for a mistyped operator ("stauts" → "status"). */
export function closestOperator(name: string): string | null {
  let best: string | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of OPERATOR_BY_NAME.keys()) {
    const distance = editDistance(name.toLowerCase(), candidate);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  if (best === null) return null;
  return bestDistance <= Math.max(2, Math.floor(name.length / 3))
    ? (OPERATOR_BY_NAME.get(best)?.name ?? best)
    : null;
}

function editDistance(a: string, b: string): number {
  const previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    let diagonal = previous[0] as number;
    previous[0] = i;
    for (let j = 1; j <= b.length; j += 1) {
      const above = previous[j] as number;
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      previous[j] = Math.min(above + 1, (previous[j - 1] as number) + 1, diagonal + cost);
      // Transposition ("stauts") counts as one edit.
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        previous[j] = Math.min(previous[j] as number, diagonal);
      }
      diagonal = above;
    }
  }
  return previous[b.length] as number;
}
