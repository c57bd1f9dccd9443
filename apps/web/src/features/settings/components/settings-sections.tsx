import { CalendarSync, KeyRound, Link2, ScrollText, Users } from 'lucide-react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';

const SECTIONS = [
  {
    value: 'team',
    label: 'Team',
    icon: Users,
    title: 'Team members and roles',
    text: 'Invite colleagues as owner, admin, technician or viewer, and limit viewers to the organizational units they look after.',
  },
  {
    value: 'google',
    label: 'Google connection',
    icon: Link2,
    title: 'Your Google Workspace connection',
    text: 'Which customer is connected, with which account and scopes, and a way to reconnect or disconnect.',
  },
  {
    value: 'sync',
    label: 'Sync',
    icon: CalendarSync,
    title: 'Sync schedule',
    text: 'How often devices, organizational units and policies are refreshed from Google, and the history of past syncs.',
  },
  {
    value: 'security',
    label: 'Sign-in and security',
    icon: KeyRound,
    title: 'Sign-in methods and second factor',
    text: 'Allowed sign-in methods for your organization and authenticator-app verification for every member.',
  },
  {
    value: 'audit',
    label: 'Audit log',
    icon: ScrollText,
    title: 'Audit log',
    text: 'Every change made through Fleetdeck: who, what, which devices, and the result, searchable and exportable.',
  },
] as const;

/** Organization settings, one tab per area. */
export function SettingsSections() {
  return (
    <Tabs defaultValue="team">
      <TabsList aria-label="Settings sections">
        {SECTIONS.map(({ value, label, icon: Icon }) => (
          <TabsTrigger key={value} value={value}>
            <Icon aria-hidden="true" />
            {label}
          </TabsTrigger>
        ))}
      </TabsList>
      {SECTIONS.map(({ value, icon, title, text }) => (
        <TabsContent key={value} value={value}>
          <EmptyState icon={icon} title={title}>
            {text}
          </EmptyState>
        </TabsContent>
      ))}
    </Tabs>
  );
}
