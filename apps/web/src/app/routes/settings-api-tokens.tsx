import { ApiTokensSection } from '../../features/settings/components/api-tokens-section.tsx';

/** `/settings/api-tokens`. */
export function Component() {
  return <ApiTokensSection />;
}
