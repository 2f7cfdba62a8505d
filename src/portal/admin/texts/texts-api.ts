/*
 * The texts console's calls (docs/admin-area.md, "Texts": calls), every one through the one fetch
 * client with the bearer token; the services check the localisation role on each.
 *
 * Use:
 *   const { data } = useQuery(textKeysQuery({ q: 'city', filter: 'missing', lang: 'ja' }));
 *   await saveDraft({ reason, changes });        // 400: an ApiError whose body holds the refusals
 */
import { queryOptions } from '@tanstack/react-query';
import type {
  ApiTextsCheckResponseRefusal,
  ApiTextsDraftRequestChange,
  ApiTextsDraftResponse,
  ApiTextsImportRequest,
  ApiTextsKeysResponseRow,
  ApiTextsLanguagesResponse,
} from '../../../generated/api-types';
import { request, requestText } from '../../clients/client';
import { isApiError } from '../../clients/errors';
import { SILENT } from '../api/query-keys';

export type TextRow = ApiTextsKeysResponseRow;
export type TextChange = ApiTextsDraftRequestChange;
export type TextDraft = ApiTextsDraftResponse;
export type TextRefusal = ApiTextsCheckResponseRefusal;
export type TextLang = TextChange['lang'];
export type TextFilter = 'missing' | 'stale' | 'overridden';
export type TextUse = { kind: 'field'; form: string; field: string; rule: string } | { kind: 'namespace'; namespace: string };

export interface KeysQuery {
  q?: string;
  namespace?: string;
  filter?: TextFilter;
  lang?: TextLang;
}

/** The full key of a row, `namespace:dotted.key`. */
export const fullKeyOf = (row: Pick<TextRow, 'key' | 'namespace'>): string => (row.key.includes(':') ? row.key : `${row.namespace}:${row.key}`);

export const textsKeys = {
  all: ['admin', 'texts'] as const,
  keys: (query: KeysQuery) => ['admin', 'texts', 'keys', query] as const,
  drafts: () => ['admin', 'texts', 'drafts'] as const,
  versions: () => ['admin', 'texts', 'versions'] as const,
  audit: () => ['admin', 'texts', 'audit'] as const,
  languages: () => ['admin', 'texts', 'languages'] as const,
};

export const textKeysQuery = (query: KeysQuery) =>
  queryOptions({
    queryKey: textsKeys.keys(query),
    queryFn: () => request('identity', 'GET', '/api/admin/texts/keys', { query: { ...query } }),
    meta: SILENT,
  });

export const textDraftsQuery = () =>
  queryOptions({ queryKey: textsKeys.drafts(), queryFn: () => request('identity', 'GET', '/api/admin/texts/drafts'), meta: SILENT });

export const textVersionsQuery = () =>
  queryOptions({
    queryKey: textsKeys.versions(),
    queryFn: () => request('identity', 'GET', '/api/admin/texts/versions', { query: { limit: '20' } }),
    meta: SILENT,
  });

export const textAuditQuery = () =>
  queryOptions({ queryKey: textsKeys.audit(), queryFn: () => request('identity', 'GET', '/api/admin/texts/audit', { query: { limit: '30' } }), meta: SILENT });

export const saveDraft = (draft: { reason: string; changes: TextChange[] }, id?: string) =>
  id
    ? request('identity', 'PUT', '/api/admin/texts/drafts/{id}', { path: { id }, body: draft })
    : request('identity', 'POST', '/api/admin/texts/drafts', { body: draft });

export const deleteDraft = (id: string) => request('identity', 'DELETE', '/api/admin/texts/drafts/{id}', { path: { id } });
export const approveDraft = (id: string) => request('identity', 'POST', '/api/admin/texts/drafts/{id}/approve', { path: { id }, body: {} });
export const publishDraft = (id: string) => request('identity', 'POST', '/api/admin/texts/drafts/{id}/publish', { path: { id }, body: {} });
export const republishVersion = (number: number, reason: string) =>
  request('identity', 'POST', '/api/admin/texts/versions/{number}/republish', { path: { number: String(number) }, body: { reason } });
export const importTexts = (body: ApiTextsImportRequest) => request('identity', 'POST', '/api/admin/texts/import', { body });

/** A language's published texts as an exchange file (the text of the file). */
export const exportTexts = (query: { lang: TextLang; only: 'all' | 'todo'; format: 'xliff' | 'json' }) =>
  requestText('identity', '/api/admin/texts/export', { query, headers: { accept: query.format === 'xliff' ? 'application/xliff+xml' : 'application/json' } });

/** The refusals of a 400 answer (a draft or an import), else none. */
export function refusalsOf(error: unknown): TextRefusal[] {
  if (!isApiError(error)) return [];
  const errors = (error as { errors?: unknown }).errors;
  return Array.isArray(errors) ? (errors as TextRefusal[]).filter((item) => typeof item?.key === 'string') : [];
}

// Languages (docs/admin-area.md, "Languages").
export type TextLanguage = ApiTextsLanguagesResponse['languages'][number];

export const textLanguagesQuery = () =>
  queryOptions({ queryKey: textsKeys.languages(), queryFn: () => request('identity', 'GET', '/api/admin/texts/languages'), meta: SILENT });

export const addLanguage = (tag: string) => request('identity', 'POST', '/api/admin/texts/languages', { body: { tag } });
export const setLanguageFallback = (tag: string, fallback: string | null) =>
  request('identity', 'PUT', '/api/admin/texts/languages/{tag}/fallback', { path: { tag }, body: { fallback } });
export const approveLanguage = (tag: string) => request('identity', 'POST', '/api/admin/texts/languages/{tag}/approve', { path: { tag }, body: {} });
export const publishLanguage = (tag: string) => request('identity', 'POST', '/api/admin/texts/languages/{tag}/publish', { path: { tag }, body: {} });
export const takeDownLanguage = (tag: string, reason: string) =>
  request('identity', 'POST', '/api/admin/texts/languages/{tag}/take-down', { path: { tag }, body: { reason } });

// Help with translating (docs/texts.md#translation-memory-and-glossary).
export const memoryQuery = (key: string, lang: TextLang) =>
  queryOptions({
    queryKey: [...textsKeys.all, 'memory', key, lang] as const,
    queryFn: () => request('identity', 'GET', '/api/admin/texts/memory', { query: { key, lang } }),
    meta: SILENT,
  });

export const glossaryQuery = () =>
  queryOptions({ queryKey: [...textsKeys.all, 'glossary'] as const, queryFn: () => request('identity', 'GET', '/api/admin/texts/glossary'), meta: SILENT });

export const setGlossaryTerm = (body: { term: string; lang: TextLang; translation: string | null }) =>
  request('identity', 'PUT', '/api/admin/texts/glossary', { body });

/** The glossary as the field checks read it: one entry per term and language. */
export const glossaryEntries = (terms: ReadonlyArray<{ term: string; translations: Record<string, string> }>) =>
  terms.flatMap(({ term, translations }) => Object.entries(translations).map(([lang, translation]) => ({ term, lang, translation })));
