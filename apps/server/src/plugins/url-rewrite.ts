/**
 * Why: a path whose percent-encoding does not decode (`/devices/chromebook/%%%`, `%FF`) never
 * reached a route: Fastify's router answered it with its own bare JSON before any hook ran, so a
 * page address showed raw JSON instead of the app's "Page Not Found: <path>", and an API address
 * skipped our error shape. Such a path is read literally instead: each `%` of it becomes `%25`,
 * so it reaches the web app's fallback (its 404 page) or an API route's own validation (a 400 in
 * the API's shape), through every hook (security headers, rate limit). Well-encoded paths and
 * every query string are left exactly as sent.
 */
export function readableUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  if (!path.includes('%') || decodes(path)) return url;
  return path.replaceAll('%', '%25') + (queryAt === -1 ? '' : url.slice(queryAt));
}

function decodes(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}
