import { Building, FolderTree, RefreshCcw } from 'lucide-react';
import { Card } from '../../../components/ui/card.tsx';
import { Badge } from '../../../components/ui/badge.tsx';

const STEPS = [
  {
    icon: Building,
    title: 'Connect your Google Workspace',
    text: 'Fleetdeck checks that your account can read Chrome devices, organizational units and policies, and which customer it belongs to.',
  },
  {
    icon: FolderTree,
    title: 'Choose what Fleetdeck manages',
    text: 'All of your organization, or only some organizational units (one district school, one office).',
  },
  {
    icon: RefreshCcw,
    title: 'Run the first sync',
    text: 'Devices are copied in parallel, one organizational unit at a time, with progress as it goes. Large fleets take minutes, not hours.',
  },
] as const;

/** First-visit setup: the three steps between signing in and the dashboard. */
export function OnboardingSteps() {
  return (
    <ol className="flex flex-col gap-4">
      {STEPS.map(({ icon: Icon, title, text }, index) => (
        <li key={title}>
          <Card className="flex gap-4 p-5">
            <div className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent-subtle text-accent-subtle-foreground">
              <Icon className="size-5" aria-hidden="true" />
            </div>
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center gap-2">
                <span className="text-xs font-medium text-muted-foreground">Step {index + 1}</span>
                {index === 0 ? <Badge tone="accent">Starts after sign-in</Badge> : null}
              </div>
              <h2 className="mt-1 text-base font-semibold">{title}</h2>
              <p className="mt-1 text-sm text-muted-foreground">{text}</p>
            </div>
          </Card>
        </li>
      ))}
    </ol>
  );
}
