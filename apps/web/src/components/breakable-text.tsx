import { Fragment } from 'react';
import { lineBreakPieces } from '../lib/line-breaks.ts';
import { cn } from '../lib/cn.ts';

/**
 * An email address or OU path that wraps between its parts in a narrow column instead of being cut
 * off: each piece (a path's unit, an address's "@domain") moves to the next line whole when it fits
 * there, and breaks at its dots, then anywhere, when it does not. The whole value is its tooltip.
 */
export function BreakableText({ text, className }: { text: string; className?: string }) {
  return (
    <span className={cn('[overflow-wrap:anywhere]', className)} title={text}>
      {lineBreakPieces(text).map((runs, piece) => (
        // The pieces of one text never reorder, so their position is their identity.
        <span key={piece} className="inline-block max-w-full">
          {runs.map((run, index) => (
            <Fragment key={index}>
              {index > 0 ? <wbr /> : null}
              {run}
            </Fragment>
          ))}
        </span>
      ))}
    </span>
  );
}
