import { TeamSection } from '../../features/settings/components/team-section.tsx';

/** `/settings/team`. */
export function Component() {
  return <TeamSection />;
}
