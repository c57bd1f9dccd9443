import type { EffectivePolicy } from '@fleetdeck/shared/policy-contract';
import { cn } from '../../../lib/cn.ts';
import { AppTarget } from './app-target.tsx';
import { PolicySourceBadge } from './policy-source-badge.tsx';

/**
 * One effective policy: what it is, where its value comes from, and each field in words. With
 * `nameUnits` a value set on its own unit names it ("Set on /Adams"), because a page that mixes a
 * user's unit and a device's unit has no single "here".
 */
export function PolicyRow({ policy, nameUnits = false }: { policy: EffectivePolicy; nameUnits?: boolean }) {
  return (
    <li
      data-testid="policy-row"
      data-schema={policy.schemaName}
      data-status={policy.status}
      className="grid gap-3 px-4 py-3 md:grid-cols-[minmax(0,1fr)_minmax(0,1.25fr)] md:gap-6"
    >
      <div className="min-w-0">
        <h3 className="text-sm font-medium text-foreground">{policy.title}</h3>
        {policy.target ? (
          <AppTarget className="mt-0.5 text-sm" target={policy.target} name={policy.targetName} />
        ) : null}
        {policy.description ? (
          <p className="mt-0.5 text-sm text-pretty text-muted-foreground">{policy.description}</p>
        ) : null}
        <p className="mt-1 font-mono text-xs break-all text-muted-foreground">{policy.schemaName}</p>
      </div>
      <div className="flex min-w-0 flex-col gap-2">
        <div>
          <PolicySourceBadge
            status={policy.status}
            sourcePath={policy.source?.orgUnitPath}
            ownPath={nameUnits ? (policy.source?.orgUnitPath ?? undefined) : undefined}
          />
        </div>
        {policy.fields.length === 0 ? (
          <p className="text-sm text-muted-foreground">Google default</p>
        ) : (
          <dl className="grid grid-cols-1 gap-x-3 gap-y-0.5 text-sm sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] sm:gap-y-1">
            {policy.fields.map((field) => (
              <div key={field.name} className="contents">
                <dt className="text-muted-foreground">{field.label}</dt>
                <dd
                  className={cn(
                    'break-words',
                    field.isDefault ? 'text-muted-foreground italic' : 'text-foreground',
                  )}
                  data-field={field.name}
                >
                  {field.display}
                  {field.isDefault && field.display !== 'Google default' ? (
                    <span className="sr-only"> (default)</span>
                  ) : null}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </div>
    </li>
  );
}
