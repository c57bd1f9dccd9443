/**
 * Characters Fleetdeck refuses in what people send and removes from what Google sends: control
 * characters (U+0000–U+001F, U+007F–U+009F; tab, line feed and carriage return only where a text may
 * hold several lines) and lone UTF-16 surrogates. PostgreSQL cannot store U+0000 in text nor a lone
 * surrogate in JSON, and Google refuses them too, so one such value used to fail every later sync of
 * its organization. Plain functions, no zod: the browser checks its forms with the same rule.
 */
export interface UnsafeCharacter {
  /** Index of the character in the string (UTF-16 code units, as JavaScript counts). */
  readonly index: number;
  /** "U+0000". */
  readonly code: string;
  /** "a control character" or "a lone surrogate". */
  readonly kind: string;
}

const LINE_BREAKS = new Set([0x09, 0x0a, 0x0d]);

function isControl(unit: number, allowLineBreaks: boolean): boolean {
  if (unit <= 0x1f) return !(allowLineBreaks && LINE_BREAKS.has(unit));
  return unit >= 0x7f && unit <= 0x9f;
}

/** The first character of `text` Fleetdeck refuses, or null when there is none. */
export function findUnsafeCharacter(text: string, allowLineBreaks: boolean): UnsafeCharacter | null {
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    if (isControl(unit, allowLineBreaks)) return { index, code: codeOf(unit), kind: 'a control character' };
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        index++;
        continue;
      }
      return { index, code: codeOf(unit), kind: 'a lone surrogate' };
    }
    if (unit >= 0xdc00 && unit <= 0xdfff) return { index, code: codeOf(unit), kind: 'a lone surrogate' };
  }
  return null;
}

/** "contains a control character (U+0000) at position 3" */
export function describeUnsafeCharacter(found: UnsafeCharacter): string {
  return `contains ${found.kind} (${found.code}) at position ${found.index}`;
}

/**
 * `text` without control characters (line breaks and tabs kept) and with each lone surrogate
 * replaced by U+FFFD: what a sync stores of a value Google sends.
 */
export function cleanText(text: string): string {
  if (findUnsafeCharacter(text, true) === null) return text;
  let out = '';
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    if (isControl(unit, true)) continue;
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        out += text.slice(index, index + 2);
        index++;
        continue;
      }
      out += '\uFFFD';
      continue;
    }
    out += unit >= 0xdc00 && unit <= 0xdfff ? '\uFFFD' : String.fromCharCode(unit);
  }
  return out;
}

function codeOf(unit: number): string {
  return `U+${unit.toString(16).toUpperCase().padStart(4, '0')}`;
}
