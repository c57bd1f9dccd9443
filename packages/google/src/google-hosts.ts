/** Where each Google API lives. Overridable per client so tests and `npm start` can point at the emulator. */
export interface GoogleBaseUrls {
  /** Admin SDK Directory API root; paths start with `admin/directory/v1/`. */
  directory: string;
  chromeManagement: string;
  chromePolicy: string;
  /** The OAuth token endpoint itself (a full URL, not a root). */
  oauthToken: string;
}

/** Google's real hosts (reference §1, §2, §3, §4.1). */
export const GOOGLE_BASE_URLS: GoogleBaseUrls = {
  directory: 'https://admin.googleapis.com',
  chromeManagement: 'https://chromemanagement.googleapis.com',
  chromePolicy: 'https://chromepolicy.googleapis.com',
  oauthToken: 'https://oauth2.googleapis.com/token',
};

/** Every API on one origin with Google's paths unprefixed, which is how the emulator serves them. */
export function baseUrlsForOrigin(origin: string): GoogleBaseUrls {
  const root = origin.replace(/\/+$/, '');
  return { directory: root, chromeManagement: root, chromePolicy: root, oauthToken: `${root}/token` };
}

/** Trims trailing slashes so paths can be appended with a single `/`. */
export function trimBaseUrl(url: string): string {
  return url.replace(/\/+$/, '');
}
