import { PlansListPage } from '../../features/plans/components/plans-list-page.tsx';

/** `/plans`: the change plans. */
export function Component() {
  return <PlansListPage />;
}
