import type { FastifyInstance } from 'fastify';
import { errors, params, ref, typed, type TypedSchema } from '../http/schema-refs';

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

  api.get(
    '/api/admin/form-activity.csv',
    {
      config: { role: 'product-owner' },
      schema: {
        tags,
        summary: 'The daily counts of a period as CSV for analysts (the same filters as the statistics): day, event, form, field, message key, modal, count',
        description: 'Cells a spreadsheet would read as a formula (starting with =, +, -, @, a tab or a carriage return) start with an apostrophe.',
        querystring: ref('form-activity-stats-request'),
        response: { 200: { type: 'string', description: 'text/csv, one row per day and count.' }, ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const csv = await formActivity.csv(request.query);
      return reply
        .header('content-disposition', `attachment; filename="form-activity-${csv.from}-${csv.to}${request.query.form ? `-${request.query.form}` : ''}.csv"`)
        .header('cache-control', 'no-store')
        .type('text/csv; charset=utf-8')
        .send(csv.body);
    },
  );

  // What a rules version did to learners, and a draft's evidence: the activity service's, read from
  // the daily counts, beside the rules console's calls (same role, same tag).
  const versionNumber: TypedSchema<{ number: string }> = {
    type: 'object',
    properties: { number: { type: 'string', pattern: '^[1-9][0-9]{0,8}$' } },
    required: ['number'],
  };
  api.get(
    '/api/admin/rules/versions/:number/effect',
    {
      config: { role: 'product-owner' },
      schema: {
        tags: ['rules'],
        summary:
          'What a version did to learners: its forms and changed fields in two equal windows before and after its publish, each rate with its interval and a verdict',
        description:
          'Whole UTC days from the daily form-activity counts; the publish day is in neither window. days: each window’s length (default the shorter of 14 and the whole days the version was in force, at most 180).',
        params: versionNumber,
        querystring: ref('rules-effect-request'),
        response: { 200: ref('rules-effect-response'), ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return formActivity.effect(Number(request.params.number), request.query.days ? Number(request.query.days) : undefined);
    },
  );

  api.get(
    '/api/admin/rules/drafts/:id/evidence',
    {
      config: { role: 'product-owner' },
      schema: {
        tags: ['rules'],
        summary: 'The published version’s last 30 days at a draft’s forms and fields: each rate with its interval (beside the draft’s impact)',
        params: params('id'),
        response: { 200: ref('rules-evidence-response'), ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return formActivity.evidence(request.params.id);
    },
  );

  // The watch: flagged versions and the threshold (a setting with its own call and audit).
  const { watch } = app.services;
  api.get(
    '/api/admin/rules/watch',
    {
      config: { role: 'product-owner' },
      schema: {
        tags: ['rules'],
        summary:
          'The versions the watch flagged (clearly worse past the threshold), the threshold and its audit; starts the watch in the background when it has not run for a minute',
        response: { 200: ref('rules-watch-response'), ...errors(401, 403) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return watch.view();
    },
  );

  api.put(
    '/api/admin/rules/watch',
    {
      config: { role: 'product-owner' },
      schema: {
        tags: ['rules'],
        summary: 'Set the threshold in percentage points (0.1 to 100) past which a clearly worse version is flagged; audited',
        body: ref('rules-watch-request'),
        response: { 200: ref('rules-watch-response'), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      await watch.setThreshold(request.caller, request.body.thresholdPoints);
      return watch.view();
    },
  );
}
