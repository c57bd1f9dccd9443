import { GoogleConnectionSection } from '../../features/settings/components/google-connection-section.tsx';

/** `/settings/google`. */
export function Component() {
  return <GoogleConnectionSection />;
}
