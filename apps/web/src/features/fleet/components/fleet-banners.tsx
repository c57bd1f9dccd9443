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

/** A `?pasted=` link to a list this tab no longer holds (closed, pasted in another tab, or altered). */
export function PastedListLostBanner({ onDismiss }: { onDismiss: () => void }) {
  return (
    <Banner
      tone="warning"
      className="mb-3 shadow-none"
      data-testid="fleet-pasted-lost"
      action={
        <Button size="sm" variant="secondary" onClick={onDismiss}>
          Dismiss
        </Button>
      }
    >
      The pasted list in this link could not be restored: a pasted list is kept only in the browser tab it was
      pasted in, until it is closed. The table shows the link&apos;s query instead; paste the list again to
      see it.
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
