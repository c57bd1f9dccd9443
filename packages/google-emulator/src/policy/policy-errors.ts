import type { FastifyReply } from 'fastify';

/** Chrome Policy answers errors as `google.rpc.Status` in an `error` envelope (AIP-193). */
export function sendStatus(
  reply: FastifyReply,
  code: 400 | 404,
  message: string,
  details?: readonly Record<string, unknown>[],
): FastifyReply {
  const status = code === 404 ? 'NOT_FOUND' : 'INVALID_ARGUMENT';
  return reply
    .code(code)
    .send({ error: { code, message, status, ...(details === undefined ? {} : { details }) } });
}

/** The `@type` of batch failure details (package from the discovery's `GoogleChromePolicyVersionsV1…` names; UNVERIFIED). */
export const MODIFICATION_ERROR_DETAILS_TYPE =
  'type.googleapis.com/google.chrome.policy.versions.v1.PolicyModificationErrorDetails';
