/**
 * Editing the query text by terms: a facet click adds its term (or removes it when present), so
 * the query box stays the one place the filter lives.
 */

/** Splits on whitespace outside double quotes. */
export function splitTerms(query: string): string[] {
  const terms: string[] = [];
  let current = '';
  let quoted = false;
  for (const char of query) {
    if (char === '"') quoted = !quoted;
    if (!quoted && /\s/.test(char)) {
      if (current) terms.push(current);
      current = '';
      continue;
    }
    current += char;
  }
  if (current) terms.push(current);
  return terms;
}

export function hasTerm(query: string, term: string): boolean {
  const wanted = term.toLowerCase();
  return splitTerms(query).some((part) => part.toLowerCase() === wanted);
}

/** Why: clicking a facet twice undoes it. */
export function toggleTerm(query: string, term: string): string {
  const terms = splitTerms(query);
  const wanted = term.toLowerCase();
  const kept = terms.filter((part) => part.toLowerCase() !== wanted);
  if (kept.length !== terms.length) return kept.join(' ');
  return [...terms, term].join(' ');
}
