import type { FastifyInstance, RouteOptions } from 'fastify';
import { ref } from './schema-refs';

// The answers any route of the services can give besides its own, written into every route's
// documented responses in one place, so the OpenAPI document lists what a caller can really get.
// Integration tests compare every status they see with the document (tests/integration/server/harness.ts).

const BODY_METHODS = new Set(['POST', 'PATCH', 'PUT']);

const methodsOf = (route: RouteOptions): string[] => (Array.isArray(route.method) ? route.method : [route.method]);

/** Status -> why, for the route; each is answered in the services' error shape. */
function commonAnswers(route: RouteOptions): number[] {
  const statuses = [
    // A malformed URL, or a character the input guard refuses in a parameter, the query or the body.
    400,
    // An unexpected failure.
    500,
  ];
  // A path parameter longer than the router takes.
  if (route.url.includes(':')) statuses.push(414);
  // A body over the size limit; a body that is not JSON in UTF-8 without a byte-order mark.
  if (methodsOf(route).some((method) => BODY_METHODS.has(method))) statuses.push(413, 415);
  // The database briefly unreachable, or the instance shedding load (http/load-shedding.ts).
  if (!route.config?.pressureHandler) statuses.push(503);
  return statuses;
}

export function documentCommonAnswers(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const schema = route.schema as (Record<string, unknown> & { response?: Record<string, unknown>; hide?: boolean }) | undefined;
    if (!route.url.startsWith('/api/') || !schema || schema.hide) return;
    const response = { ...schema.response };
    for (const status of commonAnswers(route)) response[status] ??= ref('error');
    route.schema = { ...schema, response };
  });
}
