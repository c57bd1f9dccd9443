/** The Content-Security-Policy the Fleetdeck server sends; mirrored by `vite preview` so local checks match production. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
].join('; ');
