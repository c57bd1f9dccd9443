import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TotpQrCodeResponse } from '@fleetdeck/shared/auth-contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { settingsKeys } from './settings-query-keys.ts';

/** `POST /api/auth/two-factor/qr-code`: the otpauth URI drawn as a QR code by the server. */
export function getTotpQrCode(totpURI: string): Promise<TotpQrCodeResponse> {
  return apiFetch<TotpQrCodeResponse>('/api/auth/two-factor/qr-code', {
    body: { totpURI },
    idempotent: true,
  });
}

export const totpQrCodeQuery = (totpURI: string) =>
  queryOptions({
    queryKey: settingsKeys.totpQrCode(totpURI),
    queryFn: () => getTotpQrCode(totpURI),
    staleTime: Infinity,
  });

/** Why: the QR code is derived from the URI alone, so it is cached by it. */
export function useTotpQrCode(totpURI: string) {
  return useQuery(totpQrCodeQuery(totpURI));
}
