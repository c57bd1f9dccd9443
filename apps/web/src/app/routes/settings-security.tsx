import { SecuritySection } from '../../features/settings/components/security-section.tsx';

/** `/settings/security`. */
export function Component() {
  return <SecuritySection />;
}
