import { Sparkles } from 'lucide-react';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';

/** A `?view=` link to a saved view that is gone or not shared: the link's own query still shows. */
export function MissingViewBanner() {
  return (
    <Banner tone="warning" className="mb-3 shadow-none">
      This saved view no longer exists or is not shared with you. The table shows the query in the link.
    </Banner>
  );
}

/** Devices new to the fleet are announced instead of moving rows under the admin's cursor. */
export function NewDevicesBanner({ count, onShow }: { count: number; onShow: () => void }) {
  return (
    <Banner
      icon={<Sparkles aria-hidden="true" />}
      className="mb-3 shadow-none"
      data-testid="fleet-new-devices"
      action={
        <Button size="sm" variant="secondary" onClick={onShow}>
          Show them
        </Button>
      }
    >
      {count === 1 ? '1 new device was added to the fleet.' : `${count} new devices were added to the fleet.`}
    </Banner>
  );
}
