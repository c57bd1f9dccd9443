import { NewRolloverPage } from '../../features/plans/components/new-rollover-page.tsx';

/** `/plans/new/rollover`: a school-year rollover from OU → OU pairs. */
export function Component() {
  return <NewRolloverPage />;
}
