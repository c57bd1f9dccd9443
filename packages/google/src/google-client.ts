import { ChromeManagementClient } from './management/management-client.ts';
import { DirectoryClient } from './directory/directory-client.ts';
import { GOOGLE_BASE_URLS, type GoogleBaseUrls } from './google-hosts.ts';
import { GoogleTransport, type TransportOptions } from './http/transport.ts';
import { ChromePolicyClient } from './policy/policy-client.ts';

export interface GoogleClientOptions extends TransportOptions {
  /** Raw customer ID or `my_customer` (the default). */
  customerId?: string | undefined;
  /** Per-API roots; any omitted one defaults to Google's real host. */
  baseUrls?: Partial<GoogleBaseUrls> | undefined;
}

export interface GoogleClient {
  directory: DirectoryClient;
  management: ChromeManagementClient;
  policy: ChromePolicyClient;
  transport: GoogleTransport;
}

/**
 * One organization's Google client: the three APIs sharing one transport (token provider, retries,
 * hooks). Nothing is read from the environment: the server passes hosts, tokens and fetch in.
 */
export function createGoogleClient(options: GoogleClientOptions): GoogleClient {
  const transport = new GoogleTransport(options);
  const urls = { ...GOOGLE_BASE_URLS, ...options.baseUrls };
  const customerId = options.customerId ?? 'my_customer';
  return {
    directory: new DirectoryClient(transport, { baseUrl: urls.directory, customerId }),
    management: new ChromeManagementClient(transport, { baseUrl: urls.chromeManagement, customerId }),
    policy: new ChromePolicyClient(transport, { baseUrl: urls.chromePolicy, customerId }),
    transport,
  };
}
