import type { EffectivePoliciesResponse } from '@fleetdeck/shared/policy-contract';

/** Which setting namespaces the answer includes, and why any is left out. */
export function NamespacesNote({ data }: { data: EffectivePoliciesResponse }) {
  const included = data.namespaces.filter((item) => item.included);
  const notes = data.namespaces.flatMap((item) => (item.note === null ? [] : [item.note]));
  return (
    <p className="text-xs text-muted-foreground" data-testid="policy-namespaces">
      Includes{' '}
      {included.map((item, index) => (
        <span key={item.namespace}>
          {index > 0 ? (index === included.length - 1 ? ' and ' : ', ') : null}
          {item.label} (<code className="font-mono">{item.namespace}.*</code>)
        </span>
      ))}
      .{data.user ? null : ' User settings are those of users whose account is in this unit.'}
      {notes.map((note) => (
        <span key={note} className="block">
          {note}
        </span>
      ))}
    </p>
  );
}

/** Which OU each part came from: the user's account OU for user settings, the unit for devices. */
export function PoliciesHeading({
  data,
  device,
}: {
  data: EffectivePoliciesResponse;
  device: string | undefined;
}) {
  if (!data.user)
    return (
      <h2 className="text-base font-semibold break-all" data-testid="policy-org-unit">
        Effective policies for {data.orgUnit.path}
      </h2>
    );
  const user = data.user;
  return (
    <div className="flex flex-col gap-1">
      <h2 className="text-base font-semibold">Effective policies</h2>
      <p className="text-sm break-all" data-testid="policy-user-unit">
        User settings for <span className="font-medium">{user.email}</span>
        {user.name ? <span className="text-muted-foreground"> ({user.name})</span> : null} · account in{' '}
        <span className="font-medium">{user.orgUnit.path}</span>
      </p>
      {user.suspended ? (
        <p className="text-xs text-muted-foreground" data-testid="policy-user-suspended">
          This account is suspended in Google Workspace: the settings shown apply when it is restored.
        </p>
      ) : null}
      <p className="text-sm break-all" data-testid="policy-org-unit">
        Device settings for <span className="font-medium">{device ?? 'devices'}</span> · in{' '}
        <span className="font-medium">{data.orgUnit.path}</span>
      </p>
    </div>
  );
}
