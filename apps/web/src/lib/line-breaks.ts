/**
 * Where an email address or an OU path should wrap, best first: an address before its "@", a path
 * before each "/" (not the leading one); then, inside a piece still too long for the line, at its
 * spaces or, with none (a domain), before its dots. A narrow column shows "aiden.collins" /
 * "@riverbend.example.edu", not a cut mid-word.
 */
const PIECE_BREAK = /(?=[@/])/;
const DOT_BREAK = /(?=\.)/;

/** A leading separator ("/Douglass…", ".hidden") stays with what follows it. */
function splitKeepingLead(text: string, at: RegExp): string[] {
  const parts = text.split(at);
  const [first, second] = parts;
  if (second !== undefined && first !== undefined && first.length === 1 && at.test(first)) {
    parts.splice(0, 2, first + second);
  }
  return parts;
}

/**
 * Why: the pieces to keep whole when they fit, each as the runs to break between when it does
 * not; joined, they are the text unchanged.
 */
export function lineBreakPieces(text: string): string[][] {
  return splitKeepingLead(text, PIECE_BREAK).map((piece) =>
    /\s/.test(piece) ? [piece] : splitKeepingLead(piece, DOT_BREAK),
  );
}
