import type { FastifyInstance, FastifyRequest } from 'fastify';
import { COMPRESSED } from '../http/compression';
import { FORM_NAMES, type FormName } from '../../shared/schemas/form-names';
import { notFound } from '../errors';
import { errors, params, ref, typed, type TypedSchema } from '../http/schema-refs';
import type { RuleChange } from './rule-files';

// The rules console's calls (docs/admin-area.md), every one for the product-owner role only: the
// role is declared per route and checked after authentication (http/auth.ts); a learner's token gets
// 403, no token 401. And the browser's modules of a version's validators, public and immutable.

const ROLE = { role: 'product-owner' } as const;
const tags = ['rules'];

const versionNumber: TypedSchema<{ number: string }> = {
  type: 'object',
  properties: { number: { type: 'string', pattern: '^(?:0|[1-9][0-9]{0,8})$' } },
  required: ['number'],
};
const page: TypedSchema<{ limit?: string; before?: string }> = {
  type: 'object',
  properties: { limit: { type: 'string', pattern: '^[1-9][0-9]{0,2}$' }, before: { type: 'string', pattern: '^[1-9][0-9]{0,9}$' } },
  additionalProperties: false,
};
const pageOf = (query: { limit?: string; before?: string }) => ({
  ...(query.limit ? { limit: Number(query.limit) } : {}),
  ...(query.before ? { before: Number(query.before) } : {}),
});
const noContent = { 204: { type: 'null', description: 'Done; nothing to answer.' } };

export async function rulesAdminRoutes(app: FastifyInstance): Promise<void> {
  const api = typed(app);
  const { rules } = app.services;

  api.get(
    '/api/admin/rules/forms',
    {
      config: ROLE,
      compress: COMPRESSED,
      schema: {
        tags,
        summary: 'Every form, its fields and each field’s rules in the published version, with where each rule lives',
        response: { 200: ref('rules-forms-response'), ...errors(401, 403) },
      },
    },
    async () => rules.forms(),
  );

  api.post(
    '/api/admin/rules/check',
    {
      config: ROLE,
      schema: {
        tags,
        summary: 'Check changes against the published version (nothing is saved)',
        body: ref('rules-check-request'),
        response: { 200: ref('rules-check-response'), ...errors(400, 401, 403) },
      },
    },
    async (request) => rules.check(request.body.changes as RuleChange[]),
  );

  api.get(
    '/api/admin/rules/drafts',
    { config: ROLE, schema: { tags, summary: 'The drafts of every product owner', response: { 200: ref('rules-drafts-response'), ...errors(401, 403) } } },
    async () => ({ drafts: await rules.drafts() }),
  );

  api.post(
    '/api/admin/rules/drafts',
    {
      config: ROLE,
      schema: {
        tags,
        summary: 'Start a draft on the published version; refused changes answer 400 with each refusal at its change, and nothing is saved',
        body: ref('rules-draft-request'),
        response: { 201: ref('rules-draft-response'), ...errors(400, 401, 403) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await rules.createDraft(request.caller, { reason: request.body.reason, changes: request.body.changes as RuleChange[] })),
  );

  api.get(
    '/api/admin/rules/drafts/:id',
    { config: ROLE, schema: { tags, summary: 'One draft', params: params('id'), response: { 200: ref('rules-draft-response'), ...errors(401, 403, 404) } } },
    async (request) => rules.draft(request.params.id),
  );

  api.put(
    '/api/admin/rules/drafts/:id',
    {
      config: ROLE,
      schema: {
        tags,
        summary: 'Change a draft (its author only): a new revision, which needs approval again',
        params: params('id'),
        body: ref('rules-draft-request'),
        response: { 200: ref('rules-draft-response'), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => rules.updateDraft(request.caller, request.params.id, { reason: request.body.reason, changes: request.body.changes as RuleChange[] }),
  );

  api.delete(
    '/api/admin/rules/drafts/:id',
    { config: ROLE, schema: { tags, summary: 'Delete a draft (its author only)', params: params('id'), response: { ...noContent, ...errors(401, 403, 404) } } },
    async (request, reply) => {
      await rules.deleteDraft(request.caller, request.params.id);
      return reply.status(204).send();
    },
  );

  api.post(
    '/api/admin/rules/drafts/:id/check',
    {
      config: ROLE,
      schema: {
        tags,
        summary: 'Check a saved draft again on the version it is based on',
        params: params('id'),
        body: ref('empty-request'),
        response: { 200: ref('rules-check-response'), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => rules.checkDraft(request.params.id),
  );

  api.post(
    '/api/admin/rules/drafts/:id/approve',
    {
      config: ROLE,
      schema: {
        tags,
        summary: 'Approve a draft (another product owner than its author); the approval holds for this revision',
        params: params('id'),
        body: ref('empty-request'),
        response: { 200: ref('rules-draft-response'), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => rules.approveDraft(request.caller, request.params.id),
  );

  api.post(
    '/api/admin/rules/drafts/:id/publish',
    {
      config: ROLE,
      schema: {
        tags,
        summary:
          'Publish a draft as the next version, in one transaction: 409 when another version was published since the draft was started, when it needs approval, or when two publishes race (exactly one wins)',
        params: params('id'),
        body: ref('empty-request'),
        response: { 200: ref('rules-version-response'), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const version = await rules.publishDraft(request.caller, request.params.id);
      // In force here once answered (its validators built): the answer names the rules it brought in.
      request.rulesInForce = rules.published();
      return version;
    },
  );

  api.post(
    '/api/admin/rules/drafts/:id/impact',
    {
      config: ROLE,
      schema: {
        tags,
        summary:
          'How many stored profiles the draft’s rules would newly reject, per form, field and message key, with up to three examples each (never logged)',
        params: params('id'),
        body: ref('empty-request'),
        response: { 200: ref('rules-impact-response'), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => rules.impact(request.params.id),
  );

  api.get(
    '/api/admin/rules/versions',
    {
      config: ROLE,
      schema: {
        tags,
        summary: 'The published versions, newest first, each with its diff against the one before',
        querystring: page,
        response: { 200: ref('rules-versions-response'), ...errors(400, 401, 403) },
      },
    },
    async (request) => rules.versions(pageOf(request.query)),
  );

  api.get(
    '/api/admin/rules/versions/:number',
    {
      config: ROLE,
      schema: {
        tags,
        summary: 'One version with its diff against the one before',
        params: versionNumber,
        response: { 200: ref('rules-version-response'), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => rules.version(Number(request.params.number)),
  );

  api.post(
    '/api/admin/rules/versions/:number/republish',
    {
      config: ROLE,
      schema: {
        tags,
        summary: 'Publish an earlier version (0: the base) again as the next version: a roll back',
        params: versionNumber,
        body: ref('rules-republish-request'),
        response: { 200: ref('rules-version-response'), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const version = await rules.republish(request.caller, Number(request.params.number), request.body.reason);
      request.rulesInForce = rules.published();
      return version;
    },
  );

  api.get(
    '/api/admin/rules/audit',
    {
      config: ROLE,
      schema: {
        tags,
        summary: 'Every draft change, approval, publish and roll back, newest first',
        querystring: page,
        response: { 200: ref('rules-audit-response'), ...errors(400, 401, 403) },
      },
    },
    async (request) => rules.audit(pageOf(request.query)),
  );
}

const formOf = (file: string, extension: string): FormName | undefined => FORM_NAMES.find((name) => `${name}${extension}` === file);

/**
 * A version's validators for the browser, compiled on the server (never in the browser: the strict
 * policy stays; never on the thread answering requests: the rules thread compiles them) and kept per
 * hash and form, and its ui schemas. The hash is in the URL, so both are cached for a year. Unknown
 * hashes are 404. A module once built is a file: load shedding never refuses it.
 */
export async function rulesModuleRoutes(app: FastifyInstance): Promise<void> {
  const { rules } = app.services;
  const IMMUTABLE = 'public, max-age=31536000, immutable';
  const moduleBuilt = (request: FastifyRequest) => {
    const { hash, file } = request.params as { hash: string; file: string };
    const form = formOf(file, '.js');
    return form !== undefined && rules.formModuleBuilt(hash, form);
  };
  app.get(
    '/rules/:hash/forms/:file',
    { config: { public: true, staticFile: moduleBuilt }, schema: { hide: true, params: params('hash', 'file') } },
    async (request, reply) => {
      const { hash, file } = request.params as { hash: string; file: string };
      const form = formOf(file, '.js');
      const version = form ? await rules.rulesByHash(hash) : undefined;
      if (!form || !version) throw notFound('No such rules version or form.');
      const code = await rules.formModule(version, form);
      return reply.header('cache-control', IMMUTABLE).type('text/javascript; charset=utf-8').send(code);
    },
  );
  // A version in memory answers its ui schemas from there: a file too.
  const versionKept = (request: FastifyRequest) => rules.versionKept((request.params as { hash: string }).hash);
  app.get(
    '/rules/:hash/ui/:file',
    { config: { public: true, staticFile: versionKept }, schema: { hide: true, params: params('hash', 'file') } },
    async (request, reply) => {
      const { hash, file } = request.params as { hash: string; file: string };
      const form = formOf(file, '.json');
      const version = form ? await rules.rulesByHash(hash) : undefined;
      const ui = form && version ? rules.uiSchema(version, form) : undefined;
      if (!ui) throw notFound('No such rules version or form.');
      return reply.header('cache-control', IMMUTABLE).type('application/json; charset=utf-8').send(JSON.stringify(ui));
    },
  );
}
