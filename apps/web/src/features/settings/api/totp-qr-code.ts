import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TotpQrCodeResponse } from '@fleetdeck/shared/auth-contract';
import { callIdentity } from '../../../lib/auth/identity-client.ts';

/** `POST /api/auth/two-factor/qr-code`: the otpauth URI drawn as a QR code by the server. */
export function getTotpQrCode(totpURI: string): Promise<TotpQrCodeResponse> {
  return callIdentity<TotpQrCodeResponse>('/api/auth/two-factor/qr-code', { body: { totpURI } });
}

export const totpQrCodeQuery = (totpURI: string) =>
  queryOptions({
    queryKey: ['two-factor', 'qr-code', totpURI],
    queryFn: () => getTotpQrCode(totpURI),
    staleTime: Infinity,
  });

/** Why: the QR code is derived from the URI alone, so it is cached by it. */
export function useTotpQrCode(totpURI: string) {
  return useQuery(totpQrCodeQuery(totpURI));
}
