import type { FastifyRequest } from 'fastify';

/**
 * Why: an invitation or password-reset link carries its secret as `?token=` (the emailed links and
 * the invitation preview), and the request log writes every URL it serves. A logged token would let
 * anyone who reads the logs accept the invitation or reset the password; it is written as
 * `token=[redacted]` instead. Headers that carry secrets are redacted by the logger itself.
 */
const SECRET_PARAMS = new Set(['token', 'code', 'otp']);

export function redactedUrl(url: string): string {
  const at = url.indexOf('?');
  if (at === -1) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=')[0] ?? '';
      let key = name;
      try {
        key = decodeURIComponent(name);
      } catch {
        // A name that does not decode is logged as it came.
      }
      return SECRET_PARAMS.has(key.toLowerCase()) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, at)}?${query}`;
}

/** The fields Fastify logs of a request by default, with its URL's secrets redacted. */
export const REQUEST_LOG_SERIALIZERS = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactedUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket.remotePort,
    };
  },
};
