import { AuditLogSection } from '../../features/settings/components/audit-log-section.tsx';

/** `/settings/audit`. */
export function Component() {
  return <AuditLogSection />;
}
