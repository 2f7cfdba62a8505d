import type { FastifyInstance } from 'fastify';
import { errors, ref, typed } from '../http/schema-refs';

/** Form activity: the portal's events in, the console's statistics out (docs/admin-area.md). */
export async function formActivityRoutes(app: FastifyInstance): Promise<void> {
  const api = typed(app);
  const { formActivity } = app.services;
  const tags = ['form activity'];

  api.post(
    '/api/form-activity',
    {
      schema: {
        tags,
        summary: 'Record what the learner did with forms and modals (at most 50 events; nothing personal)',
        description:
          "Answers 204 once the events are recorded, and also when recording is off (FORM_ACTIVITY=off: nothing is stored). A field must be one of the form's, an event's time within 7 days before and 1 day after now. Each event counts against the account's bound (FORM_ACTIVITY_LIMIT per FORM_ACTIVITY_WINDOW_MS), past which the batch is refused with 429.",
        body: ref('form-activity-request'),
        response: { 204: { description: 'Recorded, or recording is off', type: 'null' }, ...errors(400, 401, 429) },
      },
    },
    async (request, reply) => {
      await formActivity.record(request.caller, request.body);
      return reply.status(204).send();
    },
  );

  api.get(
    '/api/admin/form-activity',
    {
      config: { role: 'product-owner' },
      schema: {
        tags,
        summary: 'Form activity over a period: per form and field, rejections by message key per submit attempt; per modal, views (product owners)',
        description: 'A period of whole UTC days, from and to included, at most 366 days; the last 30 days when not given.',
        querystring: ref('form-activity-stats-request'),
        response: { 200: ref('form-activity-stats-response'), ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return formActivity.stats(request.query);
    },
  );
}
