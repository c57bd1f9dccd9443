import { TILE_KEYS, TILE_LABELS } from '@fleetdeck/shared/dashboard-contract';
import { DASHBOARD_CARDS, TILE_WORDS } from '../help-text.ts';
import { HelpSection } from './help-section.tsx';

/** What each dashboard figure counts. */
export function DashboardSection() {
  return (
    <HelpSection
      id="dashboard"
      title="What the dashboard’s figures mean"
      intro="Each number opens the fleet table on the query that lists exactly the devices it counts, so a figure and its list never disagree."
    >
      <div>
        <h3 className="text-base font-semibold">The tiles</h3>
        <p className="mt-1 text-sm text-muted-foreground">
          Each counts devices in service (status Active), out of all in service.
        </p>
        <dl className="mt-3 grid gap-x-6 gap-y-3 sm:grid-cols-2">
          {TILE_KEYS.map((key) => (
            <div key={key} data-testid="help-tile">
              <dt className="text-sm font-semibold">{TILE_LABELS[key]}</dt>
              <dd className="text-sm text-muted-foreground">{TILE_WORDS[key]}</dd>
            </div>
          ))}
        </dl>
      </div>
      <div>
        <h3 className="text-base font-semibold">The cards and charts</h3>
        <dl className="mt-3 flex flex-col gap-3">
          {DASHBOARD_CARDS.map((card) => (
            <div key={card.title}>
              <dt className="text-sm font-semibold">{card.title}</dt>
              <dd className="max-w-3xl text-sm text-muted-foreground">{card.text}</dd>
            </div>
          ))}
        </dl>
      </div>
    </HelpSection>
  );
}
