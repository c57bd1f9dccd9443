import { useQueryClient } from '@tanstack/react-query';
import { useAuthSession } from '../../../lib/auth/use-auth-session.ts';
import { useRealtimeChannel } from '../../../lib/realtime/use-realtime-channel.ts';
import { deviceKeys } from '../api/device-query-keys.ts';
import { concernsDevice } from '../realtime-payload.ts';

/**
 * Why: a sync or someone else's action changes this device while the page is open; the
 * organization's realtime channel says so and the detail and timeline are read again.
 */
export function useLiveDevice(deviceId: string): void {
  const queryClient = useQueryClient();
  const { session } = useAuthSession();
  const orgId = session?.user.organization?.id;
  useRealtimeChannel(orgId ? `org:${orgId}` : null, {
    'fleet.changed': (payload) => {
      if (!concernsDevice(payload, deviceId)) return;
      void queryClient.invalidateQueries({ queryKey: deviceKeys.detail(deviceId) });
      void queryClient.invalidateQueries({ queryKey: deviceKeys.timeline(deviceId) });
    },
  });
}
