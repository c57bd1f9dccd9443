import { useState } from 'react';
import { Check, Copy } from 'lucide-react';
import type { ApiTokenCreated } from '@fleetdeck/shared/api-token-contract';
import { Button } from '../../../components/ui/button.tsx';

/** The new token's secret, shown this once with a copy button and a curl example. */
export function ApiTokenSecret({ created, onDone }: { created: ApiTokenCreated; onDone: () => void }) {
  const [copied, setCopied] = useState<'failed' | boolean>(false);
  const copy = () => {
    const clipboard = navigator.clipboard as Clipboard | undefined;
    if (!clipboard) return setCopied('failed');
    clipboard.writeText(created.secret).then(
      () => setCopied(true),
      () => setCopied('failed'),
    );
  };
  const origin = window.location.origin;
  return (
    <div
      role="status"
      className="flex flex-col gap-3 rounded-lg border border-border bg-success-subtle p-4 text-success-subtle-foreground"
      data-testid="api-token-secret"
    >
      <p className="text-sm font-semibold">
        “{created.token.name}” is ready. Copy it now: Fleetdeck keeps only a fingerprint and cannot show it
        again.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <code className="min-w-0 flex-1 rounded-md border border-border bg-surface px-3 py-2 font-mono text-xs break-all text-foreground">
          {created.secret}
        </code>
        <Button variant="secondary" onClick={copy} className="self-start sm:self-auto">
          {copied === true ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied === true ? 'Copied' : 'Copy token'}
        </Button>
      </div>
      {copied === 'failed' ? (
        <p className="text-xs">Your browser did not allow copying: select the token and copy it yourself.</p>
      ) : null}
      <p className="text-xs">Try it:</p>
      <pre className="overflow-x-auto rounded-md border border-border bg-surface px-3 py-2 font-mono text-xs text-foreground">
        {`curl -H "Authorization: Bearer ${created.token.prefix}…" \\\n  "${origin}/api/devices?q=status:ACTIVE"`}
      </pre>
      <Button variant="ghost" size="sm" className="self-start" onClick={onDone}>
        I saved it
      </Button>
    </div>
  );
}
