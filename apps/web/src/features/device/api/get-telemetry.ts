import { useQuery } from '@tanstack/react-query';
import type { TelemetrySample } from '@fleetdeck/shared/device-contract';
import { callIdentity } from '../../../lib/auth/identity-client.ts';
import { deviceKeys, devicePath } from './device-query-keys.ts';
import { retryServerFailures } from './get-device.ts';

/** `GET /api/devices/:deviceId/telemetry?days=`: samples oldest first. */
export function getTelemetry(deviceId: string, days: number): Promise<{ samples: TelemetrySample[] }> {
  return callIdentity<{ samples: TelemetrySample[] }>(devicePath(deviceId, `/telemetry?days=${days}`));
}

/** Why: the health charts read one window of samples; switching windows keeps the last one shown. */
export function useTelemetry(deviceId: string, days: number) {
  return useQuery({
    queryKey: deviceKeys.telemetry(deviceId, days),
    queryFn: () => getTelemetry(deviceId, days),
    retry: retryServerFailures,
    placeholderData: (previous) => previous,
  });
}
