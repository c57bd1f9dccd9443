import { SyncSection } from '../../features/sync/components/sync-section.tsx';

/** `/settings/sync`. */
export function Component() {
  return <SyncSection />;
}
