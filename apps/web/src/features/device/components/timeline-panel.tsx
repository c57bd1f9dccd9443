import {
  ArrowRightLeft,
  CircleDot,
  FolderInput,
  History,
  PencilLine,
  Power,
  RefreshCcw,
  ScrollText,
  UserRound,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router';
import type { TimelineEntry, TimelineKind } from '@fleetdeck/shared/device-contract';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useTimeline } from '../api/list-timeline.ts';
import { RelativeTime } from './relative-time.tsx';

const KIND_ICON: Record<TimelineKind, LucideIcon> = {
  field: PencilLine,
  user: UserRound,
  org_unit: FolderInput,
  status: CircleDot,
  command: Power,
  sync: RefreshCcw,
  enrollment: ArrowRightLeft,
  policy: ScrollText,
};

const SOURCE_LABEL: Record<TimelineEntry['source'], string> = {
  sync: 'From Google',
  action: 'Fleetdeck action',
  user: 'Edited',
};

/** The previous return message in full, under the summary that shows only the part that changed. */
function BothMessages({ entry }: { entry: TimelineEntry }) {
  return (
    <details className="mt-1 text-sm">
      <summary className="cursor-pointer text-xs text-muted-foreground hover:text-foreground">
        Show the previous message
      </summary>
      <blockquote className="mt-1 border-l-2 border-border pl-3 break-words whitespace-pre-wrap text-muted-foreground">
        {entry.oldValue}
      </blockquote>
    </details>
  );
}

function Entry({ entry, last }: { entry: TimelineEntry; last: boolean }) {
  const Icon = KIND_ICON[entry.kind];
  const who = entry.actor?.name ?? entry.actor?.email;
  return (
    <li className="relative flex gap-3 pb-5 last:pb-0" data-testid="timeline-entry" data-kind={entry.kind}>
      {last ? null : <span aria-hidden="true" className="absolute top-8 bottom-0 left-4 w-px bg-border" />}
      <span className="relative flex size-8 shrink-0 items-center justify-center rounded-full border border-border bg-surface text-muted-foreground">
        <Icon className="size-4" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1 pt-1">
        <p className="text-sm break-words">{entry.summary}</p>
        {(entry.field === 'returnMessage' || entry.field === 'returnMessageInherited') && entry.oldValue ? (
          <BothMessages entry={entry} />
        ) : null}
        <p className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
          <RelativeTime iso={entry.at} />
          {who ? <span>by {who}</span> : null}
          <Badge tone={entry.source === 'sync' ? 'neutral' : 'accent'}>{SOURCE_LABEL[entry.source]}</Badge>
          {entry.plan ? (
            <Link
              to={`/plans/${entry.plan.id}`}
              className="inline-flex min-h-6 items-center font-medium text-accent hover:underline"
              data-testid="timeline-plan-link"
            >
              Plan: {entry.plan.title}
            </Link>
          ) : null}
        </p>
      </div>
    </li>
  );
}

/** Who had the device, when and where: field, user, OU, status and command changes, newest first. */
export function TimelinePanel({ deviceId }: { deviceId: string }) {
  const timeline = useTimeline(deviceId);
  const entries = timeline.data?.pages.flatMap((page) => page.entries) ?? [];
  if (timeline.isError) return <FormMessage>{timeline.error.message}</FormMessage>;
  if (timeline.isPending)
    return (
      <div className="flex flex-col gap-3">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-10 w-full" />
        ))}
      </div>
    );
  if (entries.length === 0)
    return (
      <EmptyState icon={History} title="No history yet">
        Changes Google reports at each sync, and every action taken in Fleetdeck, appear here.
      </EmptyState>
    );
  return (
    <div className="flex flex-col gap-4">
      <ol aria-label="Device timeline">
        {entries.map((entry, index) => (
          <Entry key={entry.id} entry={entry} last={index === entries.length - 1} />
        ))}
      </ol>
      {timeline.hasNextPage ? (
        <Button
          variant="secondary"
          className="self-start"
          disabled={timeline.isFetchingNextPage}
          onClick={() => void timeline.fetchNextPage()}
        >
          {timeline.isFetchingNextPage ? 'Loading…' : 'Show older'}
        </Button>
      ) : (
        <p className="text-xs text-muted-foreground">
          That is the whole history Fleetdeck has for this device.
        </p>
      )}
    </div>
  );
}
