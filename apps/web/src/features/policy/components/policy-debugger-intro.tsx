import { FolderTree, Laptop, ListTree, Search } from 'lucide-react';
import { Card } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';

/** The policy debugger before data exists: pick an OU or a device, see each policy and where it came from. */
export function PolicyDebuggerIntro() {
  return (
    <div className="flex flex-col gap-6">
      <Card className="p-4">
        <Tabs defaultValue="ou">
          <TabsList aria-label="Debug policies for">
            <TabsTrigger value="ou">
              <FolderTree aria-hidden="true" />
              Organizational unit
            </TabsTrigger>
            <TabsTrigger value="device">
              <Laptop aria-hidden="true" />
              Device
            </TabsTrigger>
          </TabsList>
          <TabsContent value="ou">
            <LookupField id="policy-ou" label="Organizational unit" placeholder="/Schools/North/Grade 5" />
          </TabsContent>
          <TabsContent value="device">
            <LookupField
              id="policy-device"
              label="Device"
              placeholder="Serial number, asset ID or device ID"
            />
          </TabsContent>
        </Tabs>
      </Card>
      <EmptyState icon={ListTree} title="Every policy, and the OU that set it">
        For the unit or device you pick, Fleetdeck lists the effective value of each Chrome policy, the
        organizational unit it was inherited from, and the values it overrode on the way down the tree.
      </EmptyState>
    </div>
  );
}

function LookupField({ id, label, placeholder }: { id: string; label: string; placeholder: string }) {
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input id={id} disabled className="pl-9" placeholder={placeholder} />
      </div>
      <p className="text-xs text-muted-foreground">
        Available once your organization&apos;s units and policies are synced.
      </p>
    </div>
  );
}
