import type { FastifyInstance } from 'fastify';
import { COMPRESSED } from '../http/compression';
import { notFound } from '../errors';
import { errors, params, ref, typed, type TypedSchema } from '../http/schema-refs';
import type { Lang, TextEdit } from './texts-files';

// The texts console's calls (docs/admin-area.md, "Texts"), every one for the localisation role only:
// the role is declared per route and checked after authentication (http/auth.ts); a learner's token
// gets 403, no token 401. And a version's texts for the browser, public and immutable by hash.

const ROLE = { role: 'localisation' } as const;
const tags = ['texts'];

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
// A BCP 47 tag as the services keep it (languages.ts canonicalises and checks it against Intl).
const TAG = { type: 'string', pattern: '^[A-Za-z]{2,8}(?:-[A-Za-z0-9]{1,8}){0,8}$', maxLength: 80 } as const;
const keysQuery: TypedSchema<{ q?: string; namespace?: string; filter?: 'missing' | 'stale' | 'overridden'; lang?: Lang }> = {
  type: 'object',
  properties: {
    q: { type: 'string', maxLength: 200 },
    namespace: { type: 'string', maxLength: 64 },
    filter: { enum: ['missing', 'stale', 'overridden'] },
    lang: TAG,
  },
  additionalProperties: false,
};
const exportQuery: TypedSchema<{ lang: Lang; only?: 'all' | 'todo'; format?: 'xliff' | 'json' }> = {
  type: 'object',
  properties: { lang: TAG, only: { enum: ['all', 'todo'] }, format: { enum: ['xliff', 'json'] } },
  required: ['lang'],
  additionalProperties: false,
};
const memoryQuery: TypedSchema<{ key: string; lang: Lang }> = {
  type: 'object',
  properties: { key: { type: 'string', minLength: 3, maxLength: 300 }, lang: TAG },
  required: ['key', 'lang'],
  additionalProperties: false,
};
const previewParams: TypedSchema<{ tag: string; namespace: string }> = {
  type: 'object',
  properties: { tag: TAG, namespace: { type: 'string', pattern: '^[a-z][a-z0-9-]{0,63}$' } },
  required: ['tag', 'namespace'],
};
const tagParam: TypedSchema<{ tag: string }> = { type: 'object', properties: { tag: TAG }, required: ['tag'] };
const noContent = { 204: { type: 'null', description: 'Done; nothing to answer.' } };
const edits = (changes: unknown) => changes as TextEdit[];

export async function textsAdminRoutes(app: FastifyInstance): Promise<void> {
  const api = typed(app);
  const { texts } = app.services;

  api.get(
    '/api/admin/texts/keys',
    {
      config: ROLE,
      compress: COMPRESSED,
      schema: {
        tags,
        summary:
          'Every key of every namespace, English and Japanese side by side, where it is used and whether it is missing, stale or overridden; searched and filtered',
        querystring: keysQuery,
        response: { 200: ref('texts-keys-response'), ...errors(400, 401, 403) },
      },
    },
    async (request) => texts.keys(request.query),
  );

  api.post(
    '/api/admin/texts/check',
    {
      config: ROLE,
      schema: {
        tags,
        summary: 'Check text changes against the published texts (nothing is saved)',
        body: ref('texts-check-request'),
        response: { 200: ref('texts-check-response'), ...errors(400, 401, 403) },
      },
    },
    async (request) => texts.check(edits(request.body.changes)),
  );

  api.get(
    '/api/admin/texts/drafts',
    {
      config: ROLE,
      schema: { tags, summary: 'The texts drafts of every localisation account', response: { 200: ref('texts-drafts-response'), ...errors(401, 403) } },
    },
    async () => ({ drafts: await texts.drafts() }),
  );

  api.post(
    '/api/admin/texts/drafts',
    {
      config: ROLE,
      schema: {
        tags,
        summary: 'Start a texts draft on the published version; refused texts answer 400 with each refusal at its change, and nothing is saved',
        body: ref('texts-draft-request'),
        response: { 201: ref('texts-draft-response'), ...errors(400, 401, 403) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await texts.createDraft(request.caller, { reason: request.body.reason, changes: edits(request.body.changes) })),
  );

  api.get(
    '/api/admin/texts/drafts/:id',
    {
      config: ROLE,
      schema: { tags, summary: 'One texts draft', params: params('id'), response: { 200: ref('texts-draft-response'), ...errors(401, 403, 404) } },
    },
    async (request) => texts.draft(request.params.id),
  );

  api.put(
    '/api/admin/texts/drafts/:id',
    {
      config: ROLE,
      schema: {
        tags,
        summary: 'Change a texts draft (its author only): a new revision, which needs approval again',
        params: params('id'),
        body: ref('texts-draft-request'),
        response: { 200: ref('texts-draft-response'), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => texts.updateDraft(request.caller, request.params.id, { reason: request.body.reason, changes: edits(request.body.changes) }),
  );

  api.delete(
    '/api/admin/texts/drafts/:id',
    {
      config: ROLE,
      schema: { tags, summary: 'Delete a texts draft (its author only)', params: params('id'), response: { ...noContent, ...errors(401, 403, 404) } },
    },
    async (request, reply) => {
      await texts.deleteDraft(request.caller, request.params.id);
      return reply.status(204).send();
    },
  );

  api.post(
    '/api/admin/texts/drafts/:id/approve',
    {
      config: ROLE,
      schema: {
        tags,
        summary: 'Approve a texts draft (another localisation account than its author); the approval holds for this revision',
        params: params('id'),
        body: ref('empty-request'),
        response: { 200: ref('texts-draft-response'), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => texts.approveDraft(request.caller, request.params.id),
  );

  api.post(
    '/api/admin/texts/drafts/:id/publish',
    {
      config: ROLE,
      schema: {
        tags,
        summary:
          'Publish a texts draft as the next version, in one transaction: 409 when another version was published since the draft was started, when it needs approval, or when two publishes race',
        params: params('id'),
        body: ref('empty-request'),
        response: { 200: ref('texts-version-response'), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => texts.publishDraft(request.caller, request.params.id),
  );

  api.get(
    '/api/admin/texts/versions',
    {
      config: ROLE,
      schema: {
        tags,
        summary: 'The published texts versions, newest first, each with its diff against the one before',
        querystring: page,
        response: { 200: ref('texts-versions-response'), ...errors(400, 401, 403) },
      },
    },
    async (request) => texts.versions(pageOf(request.query)),
  );

  api.get(
    '/api/admin/texts/versions/:number',
    {
      config: ROLE,
      schema: {
        tags,
        summary: 'One texts version with its diff against the one before',
        params: versionNumber,
        response: { 200: ref('texts-version-response'), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => texts.version(Number(request.params.number)),
  );

  api.post(
    '/api/admin/texts/versions/:number/republish',
    {
      config: ROLE,
      schema: {
        tags,
        summary: 'Publish an earlier texts version (0: the files) again as the next version: a roll back',
        params: versionNumber,
        body: ref('texts-republish-request'),
        response: { 200: ref('texts-version-response'), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => texts.republish(request.caller, Number(request.params.number), request.body.reason),
  );

  api.get(
    '/api/admin/texts/audit',
    {
      config: ROLE,
      schema: {
        tags,
        summary: 'Every texts draft change, approval, publish and roll back, newest first',
        querystring: page,
        response: { 200: ref('texts-audit-response'), ...errors(400, 401, 403) },
      },
    },
    async (request) => texts.audit(pageOf(request.query)),
  );

  // Languages (docs/admin-area.md, "Languages").
  api.get(
    '/api/admin/texts/languages',
    {
      config: ROLE,
      schema: {
        tags,
        summary:
          'Every language of the texts service, draft or live, with its fallback, direction, approval and completeness per area (portal pages, validation messages, sign-in pages, e-mails) and its count of keys falling back',
        response: { 200: ref('texts-languages-response'), ...errors(401, 403) },
      },
    },
    async () => texts.languages.list(),
  );

  api.post(
    '/api/admin/texts/languages',
    {
      config: ROLE,
      schema: {
        tags,
        summary: 'Add a draft language by its BCP 47 tag (canonicalised; refused unless the platform’s Intl supports it); hidden from learners until published',
        body: ref('texts-language-request'),
        response: { 201: ref('texts-language-response'), ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => reply.status(201).send(await texts.languages.add(request.caller, request.body.tag)),
  );

  api.put(
    '/api/admin/texts/languages/:tag/fallback',
    {
      config: ROLE,
      schema: {
        tags,
        summary:
          'Set the language its missing texts are shown in (a language of the list; a live language’s fallback is live): a new revision, which needs approval again',
        params: tagParam,
        body: ref('texts-language-fallback-request'),
        response: { 200: ref('texts-language-response'), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => texts.languages.setFallback(request.caller, request.params.tag, request.body.fallback ?? null),
  );

  api.post(
    '/api/admin/texts/languages/:tag/approve',
    {
      config: ROLE,
      schema: {
        tags,
        summary: 'Approve publishing a draft language (another localisation account than the one who last changed it); the approval holds for this revision',
        params: tagParam,
        body: ref('empty-request'),
        response: { 200: ref('texts-language-response'), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => texts.languages.approve(request.caller, request.params.tag),
  );

  api.post(
    '/api/admin/texts/languages/:tag/publish',
    {
      config: ROLE,
      schema: {
        tags,
        summary:
          'Make a draft language a choice for learners on every instance: refused while incomplete without a fallback, with a fallback that is not live, or (approval on) not approved',
        params: tagParam,
        body: ref('empty-request'),
        response: { 200: ref('texts-language-response'), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => texts.languages.publish(request.caller, request.params.tag),
  );

  api.post(
    '/api/admin/texts/languages/:tag/take-down',
    {
      config: ROLE,
      schema: {
        tags,
        summary: 'Take a live language down: its learners see its fallback, their preference kept; built-in languages and a live language’s fallback stay',
        params: tagParam,
        body: ref('texts-republish-request'),
        response: { 200: ref('texts-language-response'), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => texts.languages.takeDown(request.caller, request.params.tag, request.body.reason),
  );

  api.get(
    '/api/admin/texts/preview/:tag/:namespace',
    {
      config: ROLE,
      schema: {
        tags,
        summary:
          'A namespace of a language in the published texts version, draft languages included: the real portal previewed in a language before learners get it (the public files serve live languages only)',
        params: previewParams,
        response: { 200: ref('texts-namespace-response'), ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const body = texts.namespaceFile(texts.published().texts, request.params.tag, request.params.namespace);
      if (!body) throw notFound('No such language or namespace.');
      // A draft language's texts are the localisation role's: never kept by a shared cache.
      return reply.header('cache-control', 'private, no-store').send(body);
    },
  );

  // Help with translating (docs/texts.md#translation-memory-and-glossary).
  api.get(
    '/api/admin/texts/memory',
    {
      config: ROLE,
      schema: {
        tags,
        summary: 'Translation memory for one key in one language: texts of other keys whose English is the same (first) or close, best first',
        querystring: memoryQuery,
        response: { 200: ref('texts-memory-response'), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => texts.memory(request.query.key, request.query.lang),
  );

  api.get(
    '/api/admin/texts/glossary',
    {
      config: ROLE,
      schema: {
        tags,
        summary: 'The glossary: product terms with their agreed translation per language',
        response: { 200: ref('texts-glossary-response'), ...errors(401, 403) },
      },
    },
    async () => texts.glossary(),
  );

  api.put(
    '/api/admin/texts/glossary',
    {
      config: ROLE,
      schema: {
        tags,
        summary: 'Set a product term’s agreed translation in one language (null removes it); a text leaving it out is warned of at the field',
        body: ref('texts-glossary-request'),
        response: { 200: ref('texts-glossary-response'), ...errors(400, 401, 403) },
      },
    },
    async (request) => texts.setGlossary(request.caller, request.body),
  );

  api.get(
    '/api/admin/texts/export',
    {
      config: ROLE,
      schema: {
        tags,
        summary:
          'One language’s published texts for a translation tool, as XLIFF 2.0 (the English as source) or i18next JSON; every key, or only the missing and stale ones',
        querystring: exportQuery,
        response: { 200: { type: 'string', description: 'The exchange file.' }, ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { lang, only = 'all', format = 'xliff' } = request.query;
      const file = await texts.exportLanguage({ lang, only, format });
      const name = `texts-${lang}-v${file.version}${only === 'todo' ? '-todo' : ''}.${format === 'xliff' ? 'xlf' : 'json'}`;
      return reply
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .type(format === 'xliff' ? 'application/xliff+xml; charset=utf-8' : 'application/json; charset=utf-8')
        .send(file.body);
    },
  );

  api.post(
    '/api/admin/texts/import',
    {
      config: ROLE,
      // A whole language's file: more than the default body limit.
      bodyLimit: 3 * 1024 * 1024,
      schema: {
        tags,
        summary:
          'One language’s texts from a translation tool (XLIFF 2.0 or i18next JSON), read in a thread of its own within bounds of depth and size, checked like an edit and saved as a draft, never published; an unknown key refuses the file',
        body: ref('texts-import-request'),
        // 429: more files than one being read and four waiting (import-thread.ts).
        response: { 201: ref('texts-draft-response'), ...errors(400, 401, 403, 429) },
      },
    },
    async (request, reply) => reply.status(201).send(await texts.importLanguage(request.caller, request.body)),
  );
}

/**
 * A version's texts for the browser, one namespace of one language, nested as the files; the hash
 * is in the URL, so cached for a year. Unknown hashes, languages and namespaces are 404.
 */
export async function textsFileRoutes(app: FastifyInstance): Promise<void> {
  const { texts } = app.services;
  app.get('/texts/:hash/:lang/:file', { config: { public: true }, schema: { hide: true, params: params('hash', 'lang', 'file') } }, async (request, reply) => {
    const { hash, lang, file } = request.params as { hash: string; lang: string; file: string };
    const ns = /^([a-z][a-z0-9-]{0,63})\.json$/.exec(file)?.[1];
    // Public: a live language's texts only. A draft language's are the localisation role's (its preview).
    const version = ns && texts.languages.isLive(lang) ? await texts.textsByHash(hash) : undefined;
    const body = version && ns ? texts.namespaceFile(version, lang, ns) : undefined;
    if (!body) throw notFound('No such texts version, language or namespace.');
    return reply.header('cache-control', 'public, max-age=31536000, immutable').type('application/json; charset=utf-8').send(JSON.stringify(body));
  });
}
