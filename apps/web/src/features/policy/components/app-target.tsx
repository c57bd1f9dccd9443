import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';

/**
 * Which app a per-app policy is for: the app's name first, when Google's installed-apps report
 * knows it, and its id (`chrome:ghbmnn…`) after it, smaller, with a button that copies the id for
 * the Admin console or a support ticket. Without a name the id stands alone.
 */
export function AppTarget({
  target,
  name,
  className,
}: {
  target: string;
  name: string | null;
  className?: string;
}) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return undefined;
    const timer = window.setTimeout(() => setCopied(false), 2000);
    return () => window.clearTimeout(timer);
  }, [copied]);
  return (
    <span
      data-testid="policy-target"
      className={cn('flex min-w-0 flex-wrap items-center gap-x-2', className)}
    >
      {name ? <span className="font-medium text-foreground">{name}</span> : null}
      <span className="inline-flex min-w-0 items-center gap-1">
        <code className="font-mono text-xs font-normal break-all text-muted-foreground">{target}</code>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="size-6"
          aria-label={copied ? `Copied ${target}` : `Copy app id ${target}`}
          title={copied ? 'Copied' : 'Copy app id'}
          onClick={() => {
            void navigator.clipboard.writeText(target).then(
              () => setCopied(true),
              () => setCopied(false),
            );
          }}
        >
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
        </Button>
      </span>
    </span>
  );
}
