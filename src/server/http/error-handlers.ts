import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { isDatabaseUnavailableError } from '../db/database-errors.ts';
import { HttpError } from './http-error.ts';

const names: Record<number, string> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  405: 'MethodNotAllowed',
  406: 'NotAcceptable',
  408: 'RequestTimeout',
  409: 'Conflict',
  413: 'PayloadTooLarge',
  415: 'UnsupportedMediaType',
  422: 'UnprocessableEntity',
  429: 'TooManyRequests',
};

/** Retry-After of a 503 for a database away: a failover or restart takes seconds to a minute. */
export const DATABASE_RETRY_AFTER_SECONDS = 10;

export function sendNotFound(reply: FastifyReply, message = 'The page or resource was not found'): FastifyReply {
  return reply.code(404).type('application/json; charset=utf-8').send({ error: 'NotFound', message });
}

/**
 * Every error answers JSON, never an HTML page or a stack trace. An HttpError, and client errors
 * (4xx), keep their message, which Fastify and HttpError write for callers; anything else is logged, without the
 * request body, and answered with the service's generic apology: 503 ServiceUnavailable with
 * Retry-After when the database is away (down, cut off, timing out, out of disk), else 500.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    const statusCode = typeof error.statusCode === 'number' ? error.statusCode : 500;
    // An HttpError is written for callers, a 503 with Retry-After (no room to draw a download) too.
    if (error instanceof HttpError) {
      const { details } = error;
      return reply
        .code(statusCode)
        .type('application/json; charset=utf-8')
        .send({
          error: error.error,
          message: error.message,
          ...(details === undefined ? {} : { details }),
          ...error.fields,
        });
    }
    if (statusCode >= 400 && statusCode < 500) {
      return reply
        .code(statusCode)
        .type('application/json; charset=utf-8')
        .send({ error: names[statusCode] ?? 'BadRequest', message: error.message });
    }
    // Headers set before the failure (a file's type or encoding) would describe the wrong body.
    reply.removeHeader('content-encoding');
    reply.removeHeader('content-length');
    if (isDatabaseUnavailableError(error)) {
      // Nothing was stored, or (a commit cut off) it was and a retry with the same body finds it.
      request.log.error({ err: error }, 'Request failed: the database is unavailable');
      return reply
        .code(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .type('application/json; charset=utf-8')
        .send({ error: 'ServiceUnavailable', message: 'Sorry, the service is unavailable: try again shortly' });
    }
    request.log.error({ err: error }, 'Request failed');
    return reply
      .code(500)
      .type('application/json; charset=utf-8')
      .send({ error: 'InternalServerError', message: 'Sorry, there is a problem with the service' });
  });
}
