import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../db/unavailable';
import { DomainError, type DomainErrorKind, type FieldError } from '../errors';
import { toFieldErrors } from '../../shared/schemas/field-errors';
import { outageLog, type OutageLog } from './outage-log';
import { MAX_PARAM_LENGTH } from './schema-refs';

export const PARAM_TOO_LONG = `A path segment is longer than ${MAX_PARAM_LENGTH} characters.`;

/** The one place a domain error becomes an HTTP status. */
export const STATUS: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  stale: 412,
  'rate-limited': 429,
};

/** The services' one error shape (schemas/api/error.schema.json). */
export const errorBody = (statusCode: number, message: string, errors?: FieldError[]) => ({ message, statusCode, ...(errors ? { errors } : {}) });

export function sendError(reply: FastifyReply, statusCode: number, message: string, errors?: FieldError[]) {
  return reply.status(statusCode).send(errorBody(statusCode, message, errors));
}

/**
 * Every non-OK answer is `{ message, statusCode }`, plus `errors` for a rule failure. While the
 * database is away, the failures are logged by kind and interval (outage-log.ts), not one by one.
 */
export function registerErrorHandling(
  app: FastifyInstance,
  options: { notFound: boolean; outageLogIntervalMs: number; /** What the outage lines name as failing. */ source?: string },
): OutageLog {
  const source = options.source ?? 'api';
  const outages = outageLog(app.log, { intervalMs: options.outageLogIntervalMs });
  app.addHook('onClose', async () => outages.flush());
  app.setErrorHandler((error: FastifyError | DomainError, request, reply) => {
    if (error instanceof DomainError) {
      if (error.retryAfterMs !== undefined) reply.header('retry-after', Math.ceil(error.retryAfterMs / 1000));
      return sendError(reply, STATUS[error.kind], error.message, error.errors);
    }
    const fastifyError = error as FastifyError;
    if (fastifyError.validation) {
      const prefix = fastifyError.validationContext === 'body' ? '' : `/${fastifyError.validationContext ?? ''}`;
      const errors = toFieldErrors(fastifyError.validation as never).map((e) => ({ ...e, path: `${prefix}${e.path}` }));
      return sendError(reply, 400, 'The request has invalid fields.', errors);
    }
    if (isDatabaseUnavailable(error)) {
      outages.record(source, error);
      reply.header('retry-after', 1);
      return sendError(reply, 503, 'The service is briefly unavailable; try again.');
    }
    const statusCode = fastifyError.statusCode && fastifyError.statusCode >= 400 ? fastifyError.statusCode : 500;
    if (statusCode >= 500) request.log.error({ err: error }, 'request failed');
    return sendError(reply, statusCode, statusCode >= 500 ? 'An internal error occurred.' : fastifyError.message);
  });
  if (options.notFound) app.setNotFoundHandler(sendNoRoute);
  return outages;
}

/** A request the router cannot take (a path it cannot decode, a segment too long), in the one error shape. */
export function sendFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  void sendError(reply, error.statusCode === 414 ? 414 : 400, error.statusCode === 414 ? PARAM_TOO_LONG : 'The request URL is malformed.');
}

/**
 * The answer for a path no route takes: 414 when a segment is longer than any parameter may be
 * (the router stops there, so the path might have been a route's), else 404.
 */
export function sendNoRoute(request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?')[0] ?? '/';
  if (path.split('/').some((segment) => segment.length > MAX_PARAM_LENGTH)) return sendError(reply, 414, PARAM_TOO_LONG);
  return sendError(reply, 404, `No route ${request.method} ${path}`);
}
