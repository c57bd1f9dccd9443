import type { Plan } from '@fleetdeck/shared/plan-contract';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { ScrollRegion } from '../../../components/ui/scroll-region.tsx';

type Pairs = NonNullable<Plan['rollover']>['pairs'];

/** A rollover's OU → OU pairs in the order they apply, with their device counts and a sample. */
export function RolloverPairs({ pairs, query }: { pairs: Pairs; query: string | null }) {
  const ordered = [...pairs].sort((a, b) => a.order - b.order);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Units</CardTitle>
        <CardDescription>
          Devices directly in each unit move to its new unit, in this order, so none moves twice
          {query ? `; only devices matching “${query}”` : ''}.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ScrollRegion label="Unit pairs" className="overflow-x-auto">
          <table className="w-full min-w-[36rem] text-left text-sm" data-testid="rollover-pairs">
            <thead className="border-b border-border text-xs text-muted-foreground">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  Step
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  From → to
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Devices
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Sample
                </th>
              </tr>
            </thead>
            <tbody>
              {ordered.map((pair) => (
                <tr key={pair.from} className="border-b border-border align-top last:border-0">
                  <td className="px-3 py-2 tabular-nums">{pair.order}</td>
                  <td className="px-3 py-2 break-words">
                    {pair.from} <span aria-label="to">→</span> {pair.to}
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums">{pair.devices.toLocaleString()}</td>
                  <td className="px-3 py-2 font-mono text-xs break-all">
                    {pair.sample.map((device) => device.serialNumber ?? device.deviceId).join(', ') || '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      </CardContent>
    </Card>
  );
}
