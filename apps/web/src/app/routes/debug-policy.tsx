import { PageHeader } from '../../components/page-header.tsx';
import { PolicyDebugger } from '../../features/policy/components/policy-debugger.tsx';

/** `/debugPolicy`: effective policies and where each value comes from. */
export function Component() {
  return (
    <>
      <title>Policy debugger · Fleetdeck</title>
      <PageHeader
        title="Policy debugger"
        description="Why does this Chromebook behave like that? See each effective policy and the organizational unit that set it."
      />
      <PolicyDebugger />
    </>
  );
}
