import { PageHeader } from '../../../components/page-header.tsx';
import { DashboardSection } from './dashboard-section.tsx';
import { KeyboardSection } from './keyboard-section.tsx';
import { QueryLanguageSection } from './query-language-section.tsx';
import { RolesSection } from './roles-section.tsx';

const CONTENTS = [
  { id: 'finding-devices', label: 'Finding devices: the query language' },
  { id: 'keyboard', label: 'Using the keyboard' },
  { id: 'roles', label: 'Who can do what: roles' },
  { id: 'dashboard', label: 'What the dashboard’s figures mean' },
] as const;

/**
 * Fleetdeck's own help: built into the app (this page and its words are part of the build and
 * fetch nothing), so it reads the same offline, on a closed network, or when Google's help moves.
 */
export function HelpPage() {
  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        eyebrow="Help"
        title="Fleetdeck help"
        description="How to find devices, who can do what, and what the dashboard counts. It is part of Fleetdeck and needs no internet connection."
      />
      <nav aria-label="On this page" className="-mt-4">
        <ul className="flex flex-wrap gap-2">
          {CONTENTS.map((item) => (
            <li key={item.id}>
              <a
                href={`#${item.id}`}
                className="inline-flex rounded-full border border-border px-3 py-1 text-sm font-medium text-foreground hover:bg-muted"
              >
                {item.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <QueryLanguageSection />
      <KeyboardSection />
      <RolesSection />
      <DashboardSection />
      <p className="border-t border-border pt-6 text-sm text-muted-foreground">
        Google’s own guide to Chrome device management is at{' '}
        <a className="text-accent underline underline-offset-2" href="/help/chrome-enterprise">
          Chrome Enterprise help
        </a>{' '}
        (on the internet).
      </p>
    </div>
  );
}
