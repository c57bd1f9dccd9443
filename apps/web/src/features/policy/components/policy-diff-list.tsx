import type { PolicyDiffRow, PolicySide } from '@fleetdeck/shared/policy-contract';
import { Badge } from '../../../components/ui/badge.tsx';
import { cn } from '../../../lib/cn.ts';
import { AppTarget } from './app-target.tsx';
import { PolicySourceBadge } from './policy-source-badge.tsx';

function Side({
  side,
  changed,
  heading,
  ownPath,
}: {
  side: PolicySide | null;
  changed: readonly string[];
  heading: string;
  ownPath: string;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <p className="text-xs font-medium text-muted-foreground md:hidden">{heading}</p>
      {side === null ? (
        <p className="text-sm text-muted-foreground italic">Not applied</p>
      ) : (
        <>
          <div>
            <PolicySourceBadge status={side.status} sourcePath={side.source?.orgUnitPath} ownPath={ownPath} />
          </div>
          <dl className="flex flex-col gap-1 text-sm">
            {side.fields.map((field) => {
              const differs = changed.includes(field.name);
              return (
                <div key={field.name} className="flex flex-col">
                  <dt className="text-xs text-muted-foreground">{field.label}</dt>
                  <dd
                    data-changed={differs || undefined}
                    className={cn(
                      'self-start break-words',
                      field.isDefault && 'text-muted-foreground italic',
                      differs &&
                        'rounded bg-warning-subtle px-1 font-medium text-warning-subtle-foreground not-italic',
                    )}
                  >
                    {field.display}
                  </dd>
                </div>
              );
            })}
          </dl>
        </>
      )}
    </div>
  );
}

/**
 * Two OUs' policies side by side; rows whose effective values differ are highlighted and the
 * changed fields marked. On narrow screens each row stacks its two sides.
 */
export function PolicyDiffList({
  rows,
  aHeading,
  bHeading,
  aPath,
  bPath,
  label,
}: {
  rows: readonly PolicyDiffRow[];
  aHeading: string;
  bHeading: string;
  aPath: string;
  bPath: string;
  label: string;
}) {
  return (
    <div className="overflow-hidden rounded-lg border border-border bg-surface shadow-card">
      <div
        className="hidden grid-cols-[minmax(0,0.9fr)_minmax(0,1fr)_minmax(0,1fr)] gap-4 border-b border-border bg-muted/50 px-4 py-2 text-xs font-medium text-muted-foreground md:grid"
        aria-hidden="true"
      >
        <span>Policy</span>
        <span className="break-all">{aHeading}</span>
        <span className="break-all">{bHeading}</span>
      </div>
      <ul aria-label={label} className="divide-y divide-border">
        {rows.map((row) => (
          <li
            key={row.key}
            data-testid="diff-row"
            data-schema={row.schemaName}
            data-differs={row.differs}
            className={cn(
              'grid gap-3 px-4 py-3 md:grid-cols-[minmax(0,0.9fr)_minmax(0,1fr)_minmax(0,1fr)] md:gap-4',
              row.differs && 'border-l-4 border-l-warning-subtle-foreground bg-warning-subtle/30',
            )}
          >
            <div className="min-w-0">
              <p className="text-sm font-medium">
                {row.title}
                {row.differs ? (
                  <Badge tone="warning" className="ml-2 align-middle">
                    Differs
                  </Badge>
                ) : null}
              </p>
              {row.target ? (
                <AppTarget className="text-sm" target={row.target} name={row.targetName} />
              ) : null}
              <p className="text-xs text-muted-foreground">{row.category}</p>
            </div>
            <Side side={row.a} changed={row.changedFields} heading={aHeading} ownPath={aPath} />
            <Side side={row.b} changed={row.changedFields} heading={bHeading} ownPath={bPath} />
          </li>
        ))}
      </ul>
    </div>
  );
}
