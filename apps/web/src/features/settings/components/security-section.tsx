import { IdentitiesCard } from './identities-card.tsx';
import { SessionsCard } from './sessions-card.tsx';
import { TwoFactorCard } from './two-factor-card.tsx';

/** `/settings/security`: second factor, sign-in methods, sessions. Personal, so every role sees it. */
export function SecuritySection() {
  return (
    <div className="flex flex-col gap-6">
      <TwoFactorCard />
      <IdentitiesCard />
      <SessionsCard />
    </div>
  );
}
