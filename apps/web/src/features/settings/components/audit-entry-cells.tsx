import { Link } from 'react-router';
import type { AuditEntry } from '@fleetdeck/shared/audit-contract';
import { DEPROVISION_REASON_LABELS, DISABLE_REASON_LABELS } from '@fleetdeck/shared/device-actions';

/** What started an action Fleetdeck did by itself, in words. */
export function originWords(origin: AuditEntry['origin']): string | null {
  if (!origin) return null;
  switch (origin.kind) {
    case 'schedule':
      return 'Started by the sync schedule';
    case 'sync_run':
      return 'During a sync';
    case 'bulk_run':
      return 'Done by Fleetdeck for their bulk action';
    case 'plan':
      return 'Done by Fleetdeck for their change plan';
    case 'command_follower':
      return 'Command follower';
    case 'retention':
      return 'Retention (daily job)';
  }
}

/** The member who acted (name, then email), or Fleetdeck and what started it. */
export function WhoCell({ entry }: { entry: AuditEntry }) {
  const name = entry.actorName?.trim() || null;
  const email = entry.actorLabel;
  if (!name && !email) {
    return (
      <>
        <span className="block">Fleetdeck</span>
        <OriginLine origin={entry.origin} />
      </>
    );
  }
  const who = (
    <>
      <span className="block font-medium">{name ?? email}</span>
      {name && email ? <span className="block text-xs text-muted-foreground">{email}</span> : null}
    </>
  );
  return (
    <>
      {entry.actorUserId ? (
        <Link
          to={`/settings/audit?who=${encodeURIComponent(entry.actorUserId)}`}
          className="hover:underline"
          title="Everything this member did"
        >
          {who}
        </Link>
      ) : (
        who
      )}
      <OriginLine origin={entry.origin} />
    </>
  );
}

/** What started the action; a change plan's run links to its plan. */
function OriginLine({ origin }: { origin: AuditEntry['origin'] }) {
  const words = originWords(origin);
  if (!words) return null;
  if (origin?.kind === 'plan' && origin.planId)
    return (
      <Link
        to={`/plans/${origin.planId}`}
        className="flex min-h-6 items-center text-xs text-accent hover:underline"
      >
        {words}
      </Link>
    );
  return <span className="block text-xs text-muted-foreground">{words}</span>;
}

/**
 * Where a target's link leads: the device, the run's entries, the sync page, the member's entries,
 * the change plan's page.
 */
function targetHref(entry: AuditEntry): string | null {
  const id = entry.targetId;
  if (!id) return null;
  switch (entry.targetType) {
    case 'device':
      return `/devices/chromebook/${encodeURIComponent(id)}`;
    case 'bulk_action':
      return `/settings/audit?target=${encodeURIComponent(id)}`;
    case 'sync_run':
      return '/settings/sync';
    case 'user':
      return `/settings/audit?who=${encodeURIComponent(id)}`;
    case 'plan':
      return `/plans/${encodeURIComponent(id)}`;
    default:
      return null;
  }
}

const TYPE_WORDS: Record<string, string> = {
  device: 'Device',
  org_unit: 'Organizational unit',
  user: 'Member',
  invitation: 'Invitation',
  bulk_action: 'Bulk action',
  sync_run: 'Sync run',
  saved_view: 'Saved view',
  organization: 'Organization',
  fleet: 'Fleet',
  plan: 'Change plan',
};

/** What an action was done to, in words (a serial, an OU path, an email), linked where it lives. */
export function TargetCell({ entry }: { entry: AuditEntry }) {
  if (!entry.targetType) return <span className="text-muted-foreground">—</span>;
  const email = typeof entry.details['email'] === 'string' ? entry.details['email'] : null;
  const words = entry.targetLabel ?? email ?? entry.targetId ?? '';
  const href = targetHref(entry);
  const type = TYPE_WORDS[entry.targetType] ?? entry.targetType.replaceAll('_', ' ');
  return (
    <>
      <span className="block text-xs text-muted-foreground">{type}</span>
      {href ? (
        <Link to={href} className="break-all text-accent underline-offset-4 hover:underline">
          {words}
        </Link>
      ) : (
        <span className="break-all">{words}</span>
      )}
    </>
  );
}

const REASON_WORDS: Record<string, string> = { ...DISABLE_REASON_LABELS, ...DEPROVISION_REASON_LABELS };

function text(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null;
}

/** Counts a bulk run, an export, a check or a deletion reports, in the order they read best. */
const COUNTS: readonly [string, string][] = [
  ['deviceCount', 'devices'],
  ['changeCount', 'to change'],
  ['succeeded', 'succeeded'],
  ['failed', 'failed'],
  ['skipped', 'skipped'],
  ['unchanged', 'unchanged'],
  ['notSent', 'not sent'],
  ['devices', 'devices'],
  ['rows', 'rows'],
  ['checked', 'entries checked'],
  ['deleted', 'entries deleted'],
];

/** Why: the admin reads the reason, the note, before → after and the counts, not a JSON blob. */
export function detailLines(entry: AuditEntry): string[] {
  const d = entry.details;
  const lines: string[] = [];
  const reason = text(d['reason']);
  if (reason) lines.push(`Reason: ${REASON_WORDS[reason] ?? reason.replaceAll('_', ' ')}`);
  const note = text(d['note']);
  if (note) lines.push(`Note: ${note}`);
  const from = text(d['from']) ?? text(d['before']);
  const to = text(d['to']) ?? text(d['after']);
  if (from !== null || to !== null) lines.push(`${from ?? '—'} → ${to ?? '—'}`);
  if (typeof d['role'] === 'string') lines.push(`Role: ${d['role']}`);
  if (Array.isArray(d['fields'])) lines.push(`Fields: ${d['fields'].join(', ')}`);
  if (typeof d['type'] === 'string') lines.push(`Command: ${d['type'].replaceAll('_', ' ').toLowerCase()}`);
  if (typeof d['method'] === 'string') lines.push(`Method: ${d['method'].replace('_', ' ')}`);
  const counts = COUNTS.flatMap(([key, words]) => (typeof d[key] === 'number' ? [`${d[key]} ${words}`] : []));
  if (counts.length > 0) lines.push(counts.join(', '));
  const message = d['returnMessage'];
  if (message && typeof message === 'object' && 'message' in message) {
    lines.push(`Return message: ${text((message as Record<string, unknown>)['message']) ?? ''}`);
  }
  const firstBad = d['firstBad'];
  if (firstBad && typeof firstBad === 'object' && 'message' in firstBad) {
    lines.push(text((firstBad as Record<string, unknown>)['message']) ?? '');
  }
  const error = text(d['error']);
  if (error) lines.push(`Error: ${error}`);
  return lines;
}

export function DetailsCell({ entry }: { entry: AuditEntry }) {
  const lines = detailLines(entry);
  const where = [entry.ip, entry.userAgent].filter(Boolean).join(' · ');
  return (
    <>
      {lines.map((line, index) => (
        <span key={index} className="block break-words">
          {line}
        </span>
      ))}
      {where ? <span className="block text-xs break-all text-muted-foreground">{where}</span> : null}
    </>
  );
}
