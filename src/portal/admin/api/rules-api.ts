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
  ApiRulesCheckResponseRefusal,
  ApiRulesDraftResponse,
  ApiRulesEffectResponse,
  ApiRulesEvidenceResponse,
  ApiRulesImpactResponse,
  ApiRulesVersionsResponse,
  ApiRulesWatchResponse,
} from '../../../generated/api-types';
import { request, requestText } from '../../clients/client';
import { isApiError } from '../../clients/errors';
import type { RuleChange } from '../rules/changes';
import type { Refusal } from '../rules/local-checks';
import { SILENT } from './query-keys';

export type RulesDraft = ApiRulesDraftResponse;
export type RulesVersions = ApiRulesVersionsResponse;
export type RulesImpact = ApiRulesImpactResponse;
export type FormActivityStats = ApiFormActivityStatsResponse;
export type ServerRefusal = ApiRulesCheckResponseRefusal;
export type VersionEffect = ApiRulesEffectResponse;
export type DraftEvidence = ApiRulesEvidenceResponse;
export type RulesWatch = ApiRulesWatchResponse;
export interface WallTime {
  date: string;
  time: string;
  timeZone: string;
}

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
  effect: (number: number, days: number | undefined) => ['admin', 'rules', 'effect', number, days ?? 'default'] as const,
  evidence: (id: string) => ['admin', 'rules', 'evidence', id] as const,
  watch: () => ['admin', 'rules', 'watch'] as const,
  schedule: () => ['admin', 'rules', 'schedule'] as const,
};

export const fetchRulesForms = () => request('identity', 'GET', '/api/admin/rules/forms');
export const fetchDrafts = () => request('identity', 'GET', '/api/admin/rules/drafts');
export const checkChanges = (changes: readonly RuleChange[]) => request('identity', 'POST', '/api/admin/rules/check', { body: { changes: [...changes] } });
export const fetchVersions = () => request('identity', 'GET', '/api/admin/rules/versions', { query: { limit: '50' } });
export const fetchVersion = (number: number) => request('identity', 'GET', '/api/admin/rules/versions/{number}', { path: { number: String(number) } });
export const fetchAudit = () => request('identity', 'GET', '/api/admin/rules/audit', { query: { limit: '100' } });

export interface DraftInput {
  id?: string;
  reason: string;
  changes: readonly RuleChange[];
}

/** Creates a draft (no id) or changes one (a new revision). A refused draft throws the 400. */
export const saveDraft = ({ id, reason, changes }: DraftInput) =>
  id
    ? request('identity', 'PUT', '/api/admin/rules/drafts/{id}', { path: { id }, body: { reason, changes: [...changes] } })
    : request('identity', 'POST', '/api/admin/rules/drafts', { body: { reason, changes: [...changes] } });
export const deleteDraft = (id: string) => request('identity', 'DELETE', '/api/admin/rules/drafts/{id}', { path: { id } });
export const approveDraft = (id: string) => request('identity', 'POST', '/api/admin/rules/drafts/{id}/approve', { path: { id }, body: {} });
export const publishDraft = (id: string) => request('identity', 'POST', '/api/admin/rules/drafts/{id}/publish', { path: { id }, body: {} });
export const draftImpact = (id: string) => request('identity', 'POST', '/api/admin/rules/drafts/{id}/impact', { path: { id }, body: {} });
export const republishVersion = (number: number, reason: string) =>
  request('identity', 'POST', '/api/admin/rules/versions/{number}/republish', { path: { number: String(number) }, body: { reason } });

/** UTC days: the last `days` days, today included. */
export function periodOf(days: number, now = new Date()): { from: string; to: string } {
  const to = now.toISOString().slice(0, 10);
  const from = new Date(now.getTime() - (days - 1) * 86_400_000).toISOString().slice(0, 10);
  return { from, to };
}

export const fetchFormActivity = (days: number) => {
  const { from, to } = periodOf(days);
  return request('identity', 'GET', '/api/admin/form-activity', { query: { from, to } });
};

/** The period's daily counts as CSV (the statistics' filters). */
export const fetchFormActivityCsv = (days: number) =>
  requestText('identity', '/api/admin/form-activity.csv', { query: periodOf(days), headers: { accept: 'text/csv' } });

/** What a version did to learners, in windows of `days` (the services' default when undefined). */
export const fetchEffect = (number: number, days?: number) =>
  request('identity', 'GET', '/api/admin/rules/versions/{number}/effect', { path: { number: String(number) }, query: days ? { days: String(days) } : {} });
/** The published version's last 30 days at a draft's fields. */
export const fetchEvidence = (id: string) => request('identity', 'GET', '/api/admin/rules/drafts/{id}/evidence', { path: { id } });

/** The watch's flags and threshold (opening it also starts the watch on the services, in the background). */
export const fetchWatch = () => request('identity', 'GET', '/api/admin/rules/watch');
export const setWatchThreshold = (thresholdPoints: number) => request('identity', 'PUT', '/api/admin/rules/watch', { body: { thresholdPoints } });

/** Scheduled publishes and ends of the rules. */
export const fetchSchedule = () => request('identity', 'GET', '/api/admin/rules/schedule');
export const scheduleDraft = (id: string, at: WallTime, until?: WallTime) =>
  request('identity', 'POST', '/api/admin/rules/drafts/{id}/schedule', { path: { id }, body: { at, ...(until ? { until } : {}) } });
export const scheduleEnd = (number: number, at: WallTime) =>
  request('identity', 'POST', '/api/admin/rules/versions/{number}/end', { path: { number: String(number) }, body: { at } });
export const cancelScheduled = (id: string) => request('identity', 'DELETE', '/api/admin/rules/schedule/{id}', { path: { id } });

export const rulesQueries = {
  forms: () => queryOptions({ queryKey: rulesKeys.forms(), queryFn: fetchRulesForms, meta: SILENT }),
  drafts: () => queryOptions({ queryKey: rulesKeys.drafts(), queryFn: fetchDrafts, meta: SILENT }),
  versions: () => queryOptions({ queryKey: rulesKeys.versions(), queryFn: fetchVersions, meta: SILENT }),
  version: (number: number) => queryOptions({ queryKey: rulesKeys.version(number), queryFn: () => fetchVersion(number), meta: SILENT }),
  audit: () => queryOptions({ queryKey: rulesKeys.audit(), queryFn: fetchAudit, meta: SILENT }),
  activity: (days: number) => queryOptions({ queryKey: rulesKeys.activity(days), queryFn: () => fetchFormActivity(days), meta: SILENT }),
  effect: (number: number, days?: number) => queryOptions({ queryKey: rulesKeys.effect(number, days), queryFn: () => fetchEffect(number, days), meta: SILENT }),
  evidence: (id: string) => queryOptions({ queryKey: rulesKeys.evidence(id), queryFn: () => fetchEvidence(id), meta: SILENT }),
  watch: () => queryOptions({ queryKey: rulesKeys.watch(), queryFn: fetchWatch, meta: SILENT }),
  schedule: () => queryOptions({ queryKey: rulesKeys.schedule(), queryFn: fetchSchedule, meta: SILENT }),
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
    (e): e is ServerRefusal =>
      typeof e === 'object' && e !== null && typeof (e as ServerRefusal).key === 'string' && typeof (e as ServerRefusal).change === 'number',
  );
  return listed.length > 0 ? toRefusals(listed, changes) : undefined;
}

/** An error's message for the console (the services' message, or the thrown one). */
export const messageOf = (error: unknown) => (isApiError(error) ? error.message : error instanceof Error ? error.message : String(error));
