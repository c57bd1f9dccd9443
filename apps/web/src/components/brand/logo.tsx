import { cn } from '../../lib/cn.ts';

/** Fleetdeck's mark (a laptop on a deck) and wordmark. */
export function Logo({ className, showWordmark = true }: { className?: string; showWordmark?: boolean }) {
  return (
    <span
      className={cn('inline-flex items-center gap-2 font-semibold tracking-tight text-foreground', className)}
    >
      <svg viewBox="0 0 32 32" className="size-7 shrink-0" aria-hidden="true">
        <rect width="32" height="32" rx="7" className="fill-accent" />
        <rect
          x="7"
          y="9"
          width="18"
          height="11"
          rx="1.5"
          fill="none"
          className="stroke-accent-foreground"
          strokeWidth="2.2"
        />
        <path d="M5 23.5h22" className="stroke-accent-foreground" strokeWidth="2.2" strokeLinecap="round" />
      </svg>
      {showWordmark ? (
        <span className="text-[1.05rem] leading-none">Fleetdeck</span>
      ) : (
        <span className="sr-only">Fleetdeck</span>
      )}
    </span>
  );
}
