/*
 * The rules console's calls (src/server/rules/routes.ts; docs/admin-area.md): forms, drafts, checks,
 * impact, approval, publish, versions, roll back, audit, and the form-activity statistics. Every one
 * is for the product-owner role; the services refuse anyone else (the portal only hides).
 *
 * Use:
 *   const listing = useQuery(rulesQueries.forms());
 *   await saveDraft({ id, reason, changes });             // create (no id) or update
 *   const refusals = refusalsOfError(error, changes);      // a 400's refusals, at their controls
 */
import { queryOptions } from '@tanstack/react-query';
import type {
  ApiFormActivityStatsResponse,
  ApiRulesAuditResponse,
  ApiRulesCheckResponse,
  ApiRulesCheckResponseRefusal,
  ApiRulesDraftResponse,
  ApiRulesDraftsResponse,
  ApiRulesFormsResponse,
  ApiRulesImpactResponse,
  ApiRulesVersionResponse,
  ApiRulesVersionsResponse,
} from '../../../generated/api-types';
import { request } from '../../clients/client';
import { isApiError } from '../../clients/errors';
import type { RuleChange } from '../rules/changes';
import type { Refusal } from '../rules/local-checks';
import { SILENT } from './query-keys';

export type RulesForms = ApiRulesFormsResponse;
export type RulesDraft = ApiRulesDraftResponse;
export type RulesVersion = ApiRulesVersionResponse;
export type RulesVersions = ApiRulesVersionsResponse;
export type RulesAudit = ApiRulesAuditResponse;
export type RulesImpact = ApiRulesImpactResponse;
export type RulesCheck = ApiRulesCheckResponse;
export type FormActivityStats = ApiFormActivityStatsResponse;
export type ServerRefusal = ApiRulesCheckResponseRefusal;

const RULES = '/api/admin/rules';
const json = (body: unknown) => ({ method: 'POST', body });

export const rulesKeys = {
  all: ['admin', 'rules'] as const,
  forms: () => ['admin', 'rules', 'forms'] as const,
  drafts: () => ['admin', 'rules', 'drafts'] as const,
  versions: () => ['admin', 'rules', 'versions'] as const,
  version: (number: number) => ['admin', 'rules', 'versions', number] as const,
  audit: () => ['admin', 'rules', 'audit'] as const,
  impact: (id: string, revision: number) => ['admin', 'rules', 'impact', id, revision] as const,
  check: (changes: string) => ['admin', 'rules', 'check', changes] as const,
  activity: (days: number) => ['admin', 'form-activity', days] as const,
};

export const fetchRulesForms = () => request<RulesForms>('identity', `${RULES}/forms`);
export const fetchDrafts = () => request<ApiRulesDraftsResponse>('identity', `${RULES}/drafts`);
export const checkChanges = (changes: readonly RuleChange[]) => request<RulesCheck>('identity', `${RULES}/check`, json({ changes }));
export const fetchVersions = () => request<RulesVersions>('identity', `${RULES}/versions?limit=50`);
export const fetchVersion = (number: number) => request<RulesVersion>('identity', `${RULES}/versions/${number}`);
export const fetchAudit = () => request<RulesAudit>('identity', `${RULES}/audit?limit=100`);

export interface DraftInput {
  id?: string;
  reason: string;
  changes: readonly RuleChange[];
}

/** Creates a draft (no id) or changes one (a new revision). A refused draft throws the 400. */
export const saveDraft = ({ id, reason, changes }: DraftInput) =>
  id
    ? request<RulesDraft>('identity', `${RULES}/drafts/${encodeURIComponent(id)}`, { method: 'PUT', body: { reason, changes } })
    : request<RulesDraft>('identity', `${RULES}/drafts`, json({ reason, changes }));
export const deleteDraft = (id: string) => request<void>('identity', `${RULES}/drafts/${encodeURIComponent(id)}`, { method: 'DELETE' });
export const approveDraft = (id: string) => request<RulesDraft>('identity', `${RULES}/drafts/${encodeURIComponent(id)}/approve`, json({}));
export const publishDraft = (id: string) => request<RulesVersion>('identity', `${RULES}/drafts/${encodeURIComponent(id)}/publish`, json({}));
export const draftImpact = (id: string) => request<RulesImpact>('identity', `${RULES}/drafts/${encodeURIComponent(id)}/impact`, json({}));
export const republishVersion = (number: number, reason: string) => request<RulesVersion>('identity', `${RULES}/versions/${number}/republish`, json({ reason }));

/** UTC days: the last `days` days, today included. */
export function periodOf(days: number, now = new Date()): { from: string; to: string } {
  const to = now.toISOString().slice(0, 10);
  const from = new Date(now.getTime() - (days - 1) * 86_400_000).toISOString().slice(0, 10);
  return { from, to };
}

export const fetchFormActivity = (days: number) => {
  const { from, to } = periodOf(days);
  return request<FormActivityStats>('identity', `/api/admin/form-activity?from=${from}&to=${to}`);
};

export const rulesQueries = {
  forms: () => queryOptions({ queryKey: rulesKeys.forms(), queryFn: fetchRulesForms, meta: SILENT }),
  drafts: () => queryOptions({ queryKey: rulesKeys.drafts(), queryFn: fetchDrafts, meta: SILENT }),
  versions: () => queryOptions({ queryKey: rulesKeys.versions(), queryFn: fetchVersions, meta: SILENT }),
  audit: () => queryOptions({ queryKey: rulesKeys.audit(), queryFn: fetchAudit, meta: SILENT }),
  activity: (days: number) => queryOptions({ queryKey: rulesKeys.activity(days), queryFn: () => fetchFormActivity(days), meta: SILENT }),
};

/** The services' refusals as the editor shows them: each at its change's file and path, with its message key. */
export function toRefusals(refusals: readonly ServerRefusal[], changes: readonly RuleChange[]): Refusal[] {
  return refusals.map((r) => {
    const change = changes[r.change];
    return { file: change?.file ?? '', path: change?.path ?? r.path, code: r.keyword, key: r.key, ...(r.params ? { params: r.params } : {}) };
  });
}

/** A 400's refusals (`errors` of a refused draft), or undefined for any other failure. */
export function refusalsOfError(error: unknown, changes: readonly RuleChange[]): Refusal[] | undefined {
  if (!isApiError(error) || error.statusCode !== 400 || !Array.isArray(error.errors)) return undefined;
  const listed = (error.errors as unknown[]).filter(
    (e): e is ServerRefusal => typeof e === 'object' && e !== null && typeof (e as ServerRefusal).key === 'string' && typeof (e as ServerRefusal).change === 'number',
  );
  return listed.length > 0 ? toRefusals(listed, changes) : undefined;
}

/** An error's message for the console (the services' message, or the thrown one). */
export const messageOf = (error: unknown) => (isApiError(error) ? error.message : error instanceof Error ? error.message : String(error));
