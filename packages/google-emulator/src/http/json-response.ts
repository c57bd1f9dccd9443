/**
 * Writes a Google-style JSON body: honours the standard `fields` (partial response) and
 * `prettyPrint` (default true, as on Google's servers) query parameters.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { applyFields, parseFields } from './partial-response.ts';

export function sendJson(
  request: FastifyRequest,
  reply: FastifyReply,
  body: unknown,
  status = 200,
): FastifyReply {
  const fields = (request.query as Record<string, string | undefined>).fields;
  return sendShapedJson(request, reply, fields ? applyFields(body, parseFields(fields)) : body, status);
}

/** Why: for a body a handler built with only the fields `fields` selects; only `prettyPrint` applies. */
export function sendShapedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  body: unknown,
  status = 200,
): FastifyReply {
  const query = request.query as Record<string, string | undefined>;
  const pretty = query.prettyPrint !== 'false' && query.prettyPrint !== '0';
  return reply
    .code(status)
    .type('application/json; charset=UTF-8')
    .send(pretty ? JSON.stringify(body, null, 2) : JSON.stringify(body));
}

/** Apiary methods without a response body answer 204 No Content. */
export function sendEmpty(reply: FastifyReply): FastifyReply {
  return reply.code(204).send();
}
