import type { AttentionItem } from '@fleetdeck/shared/dashboard-contract';
import { formatAge, formatCount } from '../fleet-link.ts';
import { CountLink } from './count-link.tsx';

/**
 * Why: Google's five needs-attention categories. Each row links to the devices it counts; the
 * count is Fleetdeck's own where its copy holds the data, Google's report otherwise. Google's
 * report counts the whole organization, so a member limited to units sees only Fleetdeck's counts.
 */
export function AttentionList({
  items,
  fetchedAt,
  scoped = false,
}: {
  items: readonly AttentionItem[];
  fetchedAt: string | null;
  /** The caller is limited to OU subtrees. */
  scoped?: boolean;
}) {
  return (
    <div className="flex flex-col gap-2">
      <table className="w-full text-sm">
        <caption className="sr-only">Devices that need attention</caption>
        <thead className="text-left text-xs text-muted-foreground">
          <tr>
            <th className="py-1.5 pr-3 font-medium">Category</th>
            <th className="py-1.5 pr-3 text-right font-medium">Devices</th>
            <th className="py-1.5 text-right font-medium">Google reports</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => {
            const shown = item.count ?? item.googleCount;
            return (
              <tr key={item.key} className="border-t border-border">
                <td className="py-2 pr-3">{item.label}</td>
                <td className="py-2 pr-3 text-right tabular-nums">
                  {shown === null ? (
                    <span className="text-muted-foreground">—</span>
                  ) : (
                    <CountLink query={item.query} className="font-medium text-accent hover:underline">
                      {formatCount(shown)}
                      <span className="sr-only"> devices: {item.label}</span>
                    </CountLink>
                  )}
                  {item.key === 'noUserActivity' || item.key === 'unsupportedPolicy' ? (
                    <span
                      className="ml-1 text-xs text-muted-foreground"
                      title="Approximated from the device list"
                    >
                      *
                    </span>
                  ) : null}
                </td>
                <td className="py-2 text-right text-muted-foreground tabular-nums">
                  {item.googleCount === null ? '—' : formatCount(item.googleCount)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="text-xs text-muted-foreground">
        {scoped
          ? "Google's report counts the whole organization, so it is not shown to members limited to units; the devices column counts your units only. "
          : fetchedAt
            ? `Google's report was read ${formatAge(fetchedAt)}. `
            : "Google's report is not available for this view. "}
        * The device list has no user-activity times or policy-support flag: the last sync and a passed AUE
        date stand in, so these can differ from Google's count.
      </p>
    </div>
  );
}
