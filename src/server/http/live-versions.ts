import etag from '@fastify/etag';
import type { FastifyInstance } from 'fastify';
import { ref, typed } from './schema-refs';

/**
 * GET /api/versions: the rules and texts versions in force, as hashes (what every answer's
 * x-rules-version and x-texts-version carry), so a portal whose pages' data is cached learns of a
 * publish when the learner moves to another page or comes back to the tab (docs/admin-area.md,
 * "Live, everywhere"). Public: the hashes name files that are public by hash anyway. The answer is
 * revalidated every time (`no-cache`) with its ETag, so the browser's check is a 304 with no body
 * (the headers every answer carries) until something is published.
 */
export async function liveVersionRoutes(app: FastifyInstance): Promise<void> {
  const { rules, texts } = app.services;
  // The ETag is the answer's own hash; an If-None-Match naming it answers 304 with no body.
  await app.register(etag);
  typed(app).get(
    '/api/versions',
    {
      config: { public: true },
      schema: {
        tags: ['service'],
        summary:
          'The rules and texts versions in force (their hashes), for a portal to learn of a publish without calling anything else; revalidate with If-None-Match (304 while nothing changed)',
        security: [],
        response: {
          200: ref('versions-response'),
          304: { type: 'null', description: 'Nothing was published since the answer whose ETag the request names.' },
        },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return { rules: rules.published().hash, texts: texts.published().hash };
    },
  );
}
