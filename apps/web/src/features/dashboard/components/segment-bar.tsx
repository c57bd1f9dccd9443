import { useNavigate } from 'react-router';
import { cn } from '../../../lib/cn.ts';
import { fleetHref, formatCount, formatShare } from '../fleet-link.ts';
import { CountLink } from './count-link.tsx';

export interface Segment {
  readonly key: string;
  readonly label: string;
  readonly count: number;
  readonly query: string | null;
  /** Tailwind fill class (SVG) and background class (legend swatch). */
  readonly fill: string;
  readonly swatch: string;
}

/**
 * Why: a whole split into parts (statuses, compliance, battery): one SVG bar, and its legend as
 * the text equivalent (each part's name, count and share, a link to its devices).
 */
export function SegmentBar({ segments, label }: { segments: readonly Segment[]; label: string }) {
  const navigate = useNavigate();
  const total = segments.reduce((sum, s) => sum + s.count, 0);
  let offset = 0;
  return (
    <div className="flex flex-col gap-3">
      <svg className="h-4 w-full" role="img" aria-label={label}>
        <rect width="100%" height="16" rx="4" className="fill-muted" />
        {total > 0
          ? segments.map((segment) => {
              const x = (offset / total) * 100;
              const width = (segment.count / total) * 100;
              offset += segment.count;
              const href = segment.count > 0 ? fleetHref(segment.query) : null;
              // A click on a part opens its devices; the keyboard and screen readers use the legend's
              // links (the same targets): an image holds no links of its own.
              return (
                <rect
                  key={segment.key}
                  x={`${x}%`}
                  width={`${width}%`}
                  height="16"
                  className={cn(segment.fill, href && 'cursor-pointer hover:opacity-80')}
                  onClick={href ? () => void navigate(href) : undefined}
                >
                  <title>{`${segment.label}: ${formatCount(segment.count)}`}</title>
                </rect>
              );
            })
          : null}
      </svg>
      <ul className="flex flex-wrap gap-x-5 gap-y-1.5 text-sm" aria-label={`${label}: legend`}>
        {segments.map((segment) => (
          <li key={segment.key}>
            <CountLink
              query={segment.count > 0 ? segment.query : null}
              className="inline-flex items-center gap-2 hover:underline"
            >
              <span className={cn('size-2.5 rounded-sm', segment.swatch)} aria-hidden="true" />
              <span>{segment.label}</span>
              <span className="font-medium tabular-nums">
                {formatCount(segment.count)}
                <span className="sr-only"> devices,</span>
              </span>
              <span className="text-xs text-muted-foreground tabular-nums">
                {formatShare(segment.count, total)}
              </span>
            </CountLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
