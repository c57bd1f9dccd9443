import { useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { Button } from '../ui/button.tsx';
import { describeError } from './describe-error.ts';

/** The request id of a failed call, to copy and send to whoever runs Fleetdeck. */
export function Reference({ id, className }: { id: string; className?: string }) {
  const [copied, setCopied] = useState(false);
  const copy = () => {
    // Undefined outside secure contexts (plain http on an intranet address).
    const clipboard = navigator.clipboard as Clipboard | undefined;
    if (!clipboard) return;
    clipboard.writeText(id).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <div className={cn('flex flex-wrap items-center gap-2 text-sm text-muted-foreground', className)}>
      <span>Reference</span>
      <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs break-all text-foreground">{id}</code>
      <Button variant="ghost" size="sm" onClick={copy} aria-label="Copy reference">
        {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
        {copied ? 'Copied' : 'Copy'}
      </Button>
    </div>
  );
}

/**
 * Why: a page region whose data failed on the server's side (5xx) or never got an answer shows the
 * call's request id, the one the server logged, as the full error page does; a refusal (4xx) is
 * the member's to act on and needs none.
 */
export function ErrorReference({ error, className }: { error: unknown; className?: string }) {
  const view = describeError(error);
  if (!view.requestId || view.status < 500) return null;
  return <Reference id={view.requestId} className={className} />;
}
