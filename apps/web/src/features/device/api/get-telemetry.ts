import { useQuery } from '@tanstack/react-query';
import type { TelemetrySample } from '@fleetdeck/shared/device-contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { deviceKeys, devicePath } from './device-query-keys.ts';

/** `GET /api/devices/:deviceId/telemetry?days=`: samples oldest first. */
export function getTelemetry(deviceId: string, days: number): Promise<{ samples: TelemetrySample[] }> {
  return apiFetch<{ samples: TelemetrySample[] }>(devicePath(deviceId, `/telemetry?days=${days}`));
}

/** Why: the health charts read one window of samples; switching windows keeps the last one shown. */
export function useTelemetry(deviceId: string, days: number) {
  return useQuery({
    queryKey: deviceKeys.telemetry(deviceId, days),
    queryFn: () => getTelemetry(deviceId, days),
    placeholderData: (previous) => previous,
  });
}
