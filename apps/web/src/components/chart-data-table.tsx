import type { ReactNode } from 'react';
import { ScrollRegion } from './ui/scroll-region.tsx';

/**
 * Why: a chart's figures as a table, for whoever cannot see the lines (WCAG 1.1.1: an image of
 * data has a text equivalent) or wants the exact numbers. Folded away under the chart; opened,
 * it scrolls within a few rows' height.
 */
export function ChartDataTable({
  title,
  columns,
  rows,
}: {
  /** The chart's title: "Show <title> as a table". */
  title: string;
  columns: readonly string[];
  rows: readonly { readonly key: string; readonly cells: readonly ReactNode[] }[];
}) {
  return (
    <details className="text-xs" data-testid="chart-table">
      <summary className="cursor-pointer text-muted-foreground hover:text-foreground">
        Show <span className="sr-only">{title} </span>as a table
      </summary>
      <ScrollRegion
        label={`${title}: figures`}
        className="mt-2 max-h-48 overflow-auto rounded-md border border-border"
      >
        <table className="w-full text-left tabular-nums">
          <caption className="sr-only">{title}</caption>
          <thead className="sticky top-0 bg-muted text-muted-foreground">
            <tr>
              {columns.map((column, index) => (
                <th
                  key={column}
                  scope="col"
                  className={index === 0 ? 'px-2 py-1 font-medium' : 'px-2 py-1 text-right font-medium'}
                >
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} className="border-t border-border">
                {row.cells.map((cell, index) =>
                  index === 0 ? (
                    <th key={index} scope="row" className="px-2 py-1 font-normal whitespace-nowrap">
                      {cell}
                    </th>
                  ) : (
                    <td key={index} className="px-2 py-1 text-right">
                      {cell}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </details>
  );
}
