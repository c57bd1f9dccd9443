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
  const query = request.query as Record<string, string | undefined>;
  const fields = query.fields;
  const shaped = fields ? applyFields(body, parseFields(fields)) : body;
  const pretty = query.prettyPrint !== 'false' && query.prettyPrint !== '0';
  return reply
    .code(status)
    .type('application/json; charset=UTF-8')
    .send(pretty ? JSON.stringify(shaped, null, 2) : JSON.stringify(shaped));
}

/** Apiary methods without a response body answer 204 No Content. */
export function sendEmpty(reply: FastifyReply): FastifyReply {
  return reply.code(204).send();
}
