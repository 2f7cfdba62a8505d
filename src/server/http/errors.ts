import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { isDatabaseUnavailable } from '../db/unavailable';
import { DomainError, type DomainErrorKind, type FieldError } from '../errors';
import { toFieldErrors } from '../../shared/schemas/field-errors';
import { outageLog } from './outage-log';

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

export function sendError(reply: FastifyReply, statusCode: number, message: string, errors?: FieldError[]) {
  return reply.status(statusCode).send({ message, statusCode, ...(errors ? { errors } : {}) });
}

/**
 * Every non-OK answer is `{ message, statusCode }`, plus `errors` for a rule failure. While the
 * database is away, the failures are logged by kind and interval (outage-log.ts), not one by one.
 */
export function registerErrorHandling(app: FastifyInstance, options: { notFound: boolean; outageLogIntervalMs: number }): void {
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
      outages.record('api', error);
      reply.header('retry-after', 1);
      return sendError(reply, 503, 'The service is briefly unavailable; try again.');
    }
    const statusCode = fastifyError.statusCode && fastifyError.statusCode >= 400 ? fastifyError.statusCode : 500;
    if (statusCode >= 500) request.log.error({ err: error }, 'request failed');
    return sendError(reply, statusCode, statusCode >= 500 ? 'An internal error occurred.' : fastifyError.message);
  });
  if (!options.notFound) return;
  app.setNotFoundHandler((request, reply) => sendError(reply, 404, `No route ${request.method} ${request.url.split('?')[0]}`));
}
