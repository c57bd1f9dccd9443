import { useMutation } from '@tanstack/react-query';
import type { ExportDeviceListRequest } from '@fleetdeck/shared/fleet-contract';
import { apiResponse } from '../../../lib/api-client.ts';

const FALLBACK_NAME = 'fleet-pasted-devices.csv';

/** Why: the server names the file by how many devices it holds; only a plain file name is taken. */
export function attachmentName(disposition: string | null): string {
  const name = /filename="([A-Za-z0-9._-]{1,100})"/.exec(disposition ?? '')?.[1];
  return name ?? FALLBACK_NAME;
}

/**
 * `POST /api/devices/export.csv`: a pasted list's devices as CSV. A pasted list holds too many ids
 * for a link, so the file is fetched and handed to the browser's downloads as a file.
 */
export async function exportPastedList(request: ExportDeviceListRequest): Promise<string> {
  // Only reads: sent again like a GET when the network or the server hiccups.
  const response = await apiResponse('/api/devices/export.csv', {
    body: request,
    headers: { Accept: 'text/csv' },
    idempotent: true,
  });
  const name = attachmentName(response.headers.get('content-disposition'));
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return name;
}

/** Why: the Export control says it is working on a large list, and why it failed. */
export function useExportPastedList() {
  return useMutation({ mutationFn: exportPastedList });
}
