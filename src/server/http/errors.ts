import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError } from '../lib/errors';
import { toFieldErrors } from '../lib/validation';

/** Every non-OK answer is `{ message, statusCode }`, plus `errors` for a rule failure. */
export function registerErrorHandling(app: FastifyInstance, options: { notFound: boolean }): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      const retry = (error as HttpError & { retryAfterMs?: number }).retryAfterMs;
      if (retry !== undefined) reply.header('retry-after', Math.ceil(retry / 1000));
      return reply.status(error.statusCode).send({
        message: error.message,
        statusCode: error.statusCode,
        ...(error.errors ? { errors: error.errors } : {}),
      });
    }
    const fastifyError = error as FastifyError;
    if (fastifyError.validation) {
      const prefix = fastifyError.validationContext === 'body' ? '' : `/${fastifyError.validationContext ?? ''}`;
      const errors = toFieldErrors(fastifyError.validation as never).map((e) => ({ ...e, path: `${prefix}${e.path}` }));
      return reply.status(400).send({ message: 'The request has invalid fields.', statusCode: 400, errors });
    }
    const statusCode = fastifyError.statusCode && fastifyError.statusCode >= 400 ? fastifyError.statusCode : 500;
    if (statusCode >= 500) request.log.error({ err: error }, 'request failed');
    return reply.status(statusCode).send({
      message: statusCode >= 500 ? 'An internal error occurred.' : fastifyError.message,
      statusCode,
    });
  });
  if (!options.notFound) return;
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ message: `No route ${request.method} ${request.url.split('?')[0]}`, statusCode: 404 });
  });
}
