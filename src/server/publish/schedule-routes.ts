import type { FastifyInstance } from 'fastify';
import type { AdminRole } from '../../shared/admin/roles';
import { errors, params, ref, typed, type TypedSchema } from '../http/schema-refs';
import type { PublishKind } from './store';

// Publish on a date, for each kind under its own console's calls and role (docs/admin-area.md):
// /api/admin/rules/... for product owners, /api/admin/texts/... for localisation staff.

const versionNumber: TypedSchema<{ number: string }> = {
  type: 'object',
  properties: { number: { type: 'string', pattern: '^[1-9][0-9]{0,8}$' } },
  required: ['number'],
};

export function scheduleRoutes(kind: PublishKind, role: AdminRole) {
  return async function routes(app: FastifyInstance): Promise<void> {
    const api = typed(app);
    const { scheduler } = app.services;
    const config = { role };
    const tags = [kind];

    api.get(
      `/api/admin/${kind}/schedule`,
      {
        config,
        schema: {
          tags,
          summary: `Scheduled publishes and ends of the ${kind}: pending first, then the rest, newest first`,
          response: { 200: ref('publish-schedule-response'), ...errors(401, 403) },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return scheduler.list(kind);
      },
    );

    api.post(
      `/api/admin/${kind}/drafts/:id/schedule`,
      {
        config,
        schema: {
          tags,
          summary: `Publish a ${kind} draft at a date, time and IANA time zone (with until: a temporary version); carried out once across the instances at its time`,
          params: params('id'),
          body: ref('publish-schedule-request'),
          response: { 201: ref('publish-schedule-entry-response'), ...errors(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) => reply.status(201).send(await scheduler.schedulePublish(request.caller, kind, request.params.id, request.body)),
    );

    api.post(
      `/api/admin/${kind}/versions/:number/end`,
      {
        config,
        schema: {
          tags,
          summary: `End the ${kind} version in force at a date, time and IANA time zone: the version before it is published again then`,
          params: versionNumber,
          body: ref('publish-end-request'),
          response: { 201: ref('publish-schedule-entry-response'), ...errors(400, 401, 403, 409) },
        },
      },
      async (request, reply) => reply.status(201).send(await scheduler.scheduleEnd(request.caller, kind, Number(request.params.number), request.body)),
    );

    api.delete(
      `/api/admin/${kind}/schedule/:id`,
      {
        config,
        schema: {
          tags,
          summary: 'Cancel pending scheduled work (audited)',
          params: params('id'),
          response: { 204: { type: 'null', description: 'Cancelled.' }, ...errors(401, 403, 404, 409) },
        },
      },
      async (request, reply) => {
        await scheduler.cancel(request.caller, kind, request.params.id);
        return reply.status(204).send();
      },
    );
  };
}
