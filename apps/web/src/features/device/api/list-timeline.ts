import { useInfiniteQuery } from '@tanstack/react-query';
import type { TimelineEntry } from '@fleetdeck/shared/device-contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { deviceKeys, devicePath } from './device-query-keys.ts';

export interface TimelinePage {
  readonly entries: TimelineEntry[];
  readonly nextCursor: string | null;
}

/** Entries per page: a screenful, so "Show older" is the exception. */
export const TIMELINE_PAGE_SIZE = 25;

/** `GET /api/devices/:deviceId/timeline`: newest first, one keyset page per call. */
export function listTimeline(deviceId: string, cursor: string | null): Promise<TimelinePage> {
  const params = new URLSearchParams({ limit: String(TIMELINE_PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  return apiFetch<TimelinePage>(devicePath(deviceId, `/timeline?${params.toString()}`));
}

/** Why: "Show older" follows the server's cursor. */
export function useTimeline(deviceId: string) {
  return useInfiniteQuery({
    queryKey: deviceKeys.timeline(deviceId),
    queryFn: ({ pageParam }) => listTimeline(deviceId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}
