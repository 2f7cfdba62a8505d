import type { FastifyInstance } from 'fastify';

const DEFAULT_LANGUAGE = 'en';

export async function announcementRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.services;
  app.get<{ Querystring: { language?: string } }>(
    '/api/announcements/',
    {
      schema: {
        tags: ['identity'],
        summary: 'Announcements in a language (English when there are none in it)',
        querystring: { type: 'object', properties: { language: { type: 'string', maxLength: 16 } } },
        response: { 200: { $ref: 'api/announcements-response.schema.json' }, 401: { $ref: 'api/error.schema.json' } },
      },
    },
    async (request) => {
      const wanted = (request.query.language ?? DEFAULT_LANGUAGE).toLowerCase().split(/[-_]/)[0] || DEFAULT_LANGUAGE;
      const read = (language: string) =>
        db.selectFrom('announcements').select(['id', 'heading', 'message']).where('language', '=', language).orderBy('published_at', 'desc').execute();
      const rows = await read(wanted);
      return rows.length > 0 || wanted === DEFAULT_LANGUAGE ? rows : read(DEFAULT_LANGUAGE);
    },
  );
}
