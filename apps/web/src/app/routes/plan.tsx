import { useParams } from 'react-router';
import { PlanPage } from '../../features/plans/components/plan-page.tsx';

/** `/plans/:planId`: one plan (the ID is validated before this chunk loads). */
export function Component() {
  const { planId = '' } = useParams();
  return <PlanPage key={planId} planId={planId} />;
}
