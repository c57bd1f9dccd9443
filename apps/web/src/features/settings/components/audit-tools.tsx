import { useState, type SyntheticEvent } from 'react';
import { Download, ShieldCheck } from 'lucide-react';
import { AUDIT_RETENTION_DAYS } from '@fleetdeck/shared/audit-contract';
import { Button } from '../../../components/ui/button.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { auditExportUrl, type AuditFilters } from '../api/list-audit-entries.ts';
import { useAuditRetention, useSetAuditRetention } from '../api/audit-retention.ts';
import { useVerifyAuditLog } from '../api/verify-audit-log.ts';
import { SafeTextForm } from '../../../components/ui/safe-text-form.tsx';

/** Export the filtered log as CSV (streamed by the server, any size) and verify its hash chain. */
export function AuditTools({ filters }: { filters: AuditFilters }) {
  const verify = useVerifyAuditLog();
  const result = verify.data;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="secondary" size="sm">
          <a href={auditExportUrl(filters)} download>
            <Download aria-hidden="true" />
            Export CSV
          </a>
        </Button>
        <Button variant="secondary" size="sm" disabled={verify.isPending} onClick={() => verify.mutate()}>
          <ShieldCheck aria-hidden="true" />
          {verify.isPending ? 'Verifying…' : 'Verify'}
        </Button>
      </div>
      {verify.isError ? <FormMessage>{verify.error.message}</FormMessage> : null}
      {result?.ok ? (
        <FormMessage tone="success">
          The log is intact: {result.checked.toLocaleString()} entries checked up to #{result.headSequence}
          {result.anchorSequence !== '0'
            ? ` (entries up to #${result.anchorSequence} were deleted by retention)`
            : ''}
          . Newest hash <span className="font-mono text-xs break-all">{result.headHash.slice(0, 16)}…</span>
        </FormMessage>
      ) : null}
      {result && !result.ok && result.firstBad ? (
        <FormMessage>
          The log does not match its hashes. {result.firstBad.message}
          {result.firstBad.occurredAt
            ? ` (entry of ${new Date(result.firstBad.occurredAt).toLocaleString()}, id ${result.firstBad.entryId ?? ''})`
            : ''}
        </FormMessage>
      ) : null}
    </div>
  );
}

/** How long entries are kept: owners change it, everyone who reads the log sees it. */
export function AuditRetentionSetting({ canEdit }: { canEdit: boolean }) {
  const retention = useAuditRetention();
  const save = useSetAuditRetention();
  const [draft, setDraft] = useState<string | null>(null);
  if (!retention.data) return null;
  const days = retention.data.days;
  if (!canEdit) {
    return <p className="text-sm text-muted-foreground">Entries are kept for {days} days, then deleted.</p>;
  }
  const value = draft ?? String(days);
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const next = Number(value);
    save.mutate({ days: next }, { onSuccess: () => setDraft(null) });
  };
  return (
    <SafeTextForm className="flex flex-col gap-2" onSubmit={submit}>
      <div className="flex flex-wrap items-end gap-2">
        <div className="flex flex-col gap-1">
          <label htmlFor="audit-retention" className="text-xs font-medium text-muted-foreground">
            Keep entries for (days)
          </label>
          <Input
            id="audit-retention"
            type="number"
            className="w-32"
            min={AUDIT_RETENTION_DAYS.min}
            max={AUDIT_RETENTION_DAYS.max}
            required
            value={value}
            onChange={(event) => setDraft(event.target.value)}
          />
        </div>
        <Button
          type="submit"
          variant="secondary"
          size="sm"
          disabled={save.isPending || value === String(days)}
        >
          Save
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">
        {AUDIT_RETENTION_DAYS.min} to {AUDIT_RETENTION_DAYS.max} days ({AUDIT_RETENTION_DAYS.default} by
        default). Older entries are deleted once a day; the log still verifies.
      </p>
      {save.isError ? <FormMessage>{save.error.message}</FormMessage> : null}
      {save.isSuccess && draft === null ? (
        <FormMessage tone="success">Entries are now kept for {days} days.</FormMessage>
      ) : null}
    </SafeTextForm>
  );
}
