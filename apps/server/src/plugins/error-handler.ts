import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { CataloguedApiError } from '@fleetdeck/shared/api-error';
import { LIMITS } from '@fleetdeck/shared/limits';
import { AppError } from '../errors/app-error.ts';

/** Why: every failure reaches the client in one shape, and no 5xx leaks internals. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    const body = toApiError(error, request);
    if (body.status >= 500) {
      request.log.error({ err: error, requestId: request.id }, 'request failed');
    } else {
      request.log.info({ error: body.error, status: body.status }, body.message);
    }
    return sendError(reply, body);
  });
}

/** The JSON 404 for API paths and for anything the web app does not serve. */
export function sendNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return sendError(reply, {
    error: 'not_found',
    status: 404,
    message: `No route ${request.method} ${request.url.split('?')[0] ?? ''}. Check the path and method.`,
    requestId: request.id,
  });
}

function sendError(reply: FastifyReply, body: CataloguedApiError): FastifyReply {
  return reply.code(body.status).header('cache-control', 'no-store').type('application/json').send(body);
}

function toApiError(error: FastifyError | AppError | Error, request: FastifyRequest): CataloguedApiError {
  const requestId = request.id;
  if (error instanceof AppError) {
    return {
      error: error.id,
      status: error.status,
      message: error.message,
      requestId,
      ...(error.details === undefined ? {} : { details: error.details }),
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation.map((v) => ({
      path: v.instancePath || '/',
      message: v.message ?? 'is invalid',
    }));
    const first = issues[0];
    return {
      error: 'invalid_request',
      status: 400,
      message: `The request is invalid: ${first ? `${first.path} ${first.message}` : 'check its fields'}. Fix it and send it again.`,
      requestId,
      details: { issues },
    };
  }
  const known = fastifyErrorMessage(error as FastifyError);
  if (known) return { ...known, requestId };
  const status = (error as FastifyError).statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return { error: 'invalid_request', status, message: error.message, requestId };
  }
  return {
    error: 'internal_error',
    status: status >= 500 && status <= 599 ? status : 500,
    message: `Something went wrong on our side. Try again in a moment; if it keeps happening, report request id ${requestId}.`,
    requestId,
  };
}

function fastifyErrorMessage(error: FastifyError): Omit<CataloguedApiError, 'requestId'> | null {
  const limitMb = Math.round(LIMITS.bodyBytes / (1024 * 1024));
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return {
        error: 'payload_too_large',
        status: 413,
        message: `The request body is larger than the ${limitMb} MB limit. Send less data per request.`,
      };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return {
        error: 'invalid_json',
        status: 400,
        message: 'The request body is not valid JSON. Send a well-formed JSON object.',
      };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return {
        error: 'invalid_json',
        status: 400,
        message:
          'The request body is empty but its content-type is application/json. Send a JSON object, or no content-type.',
      };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return {
        error: 'unsupported_media_type',
        status: 415,
        message:
          'This endpoint accepts application/json only. Set the Content-Type header to application/json.',
      };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return {
        error: 'invalid_request',
        status: 400,
        message: 'The Content-Length header does not match the body. Send the request again.',
      };
    default:
      break;
  }
  if (error.statusCode === 429) {
    return {
      error: 'rate_limited',
      status: 429,
      message: error.message || 'Too many requests. Wait a moment and try again.',
    };
  }
  return null;
}
