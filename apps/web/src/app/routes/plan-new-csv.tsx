import { NewCsvPlanPage } from '../../features/plans/components/new-csv-plan-page.tsx';

/** `/plans/new/csv`: a CSV update from a file or pasted text. */
export function Component() {
  return <NewCsvPlanPage />;
}
