/*
 * What the browser can tell about a draft at once, shown at the control like a refusal of the
 * services: a pattern that does not compile, a length that is not a whole number, bounds the wrong
 * way round, an empty list of allowed values. Everything else (storage bounds, required fields the
 * code relies on, linear-time patterns, message keys in every language) the services check.
 */
import { unescapePathComponent } from 'fast-json-patch';
import { valueAt, type SchemaFiles } from '../schema/files';
import type { RuleChange } from './changes';
import { parsePattern } from './pattern/parse-pattern';

/** Why a change is refused: a code (its text is `admin:Refusal.<code>`) at the change's file and path. */
export interface Refusal {
  file: string;
  path: string;
  code: string;
  /** The services' message key (`Rules.Refusal.*` of the `rules` namespace); absent for the browser's own checks. */
  key?: string;
  params?: Record<string, string | number>;
}

const PAIRS: Record<string, string> = { minLength: 'maxLength', maxLength: 'minLength', minimum: 'maximum', maximum: 'minimum' };

/** Refusals of the changes that the browser can decide, on the files with the draft applied. */
export function localChecks(changes: readonly RuleChange[], draftFiles: SchemaFiles): Refusal[] {
  const out: Refusal[] = [];
  for (const change of changes) {
    if (change.op === 'remove') continue;
    const slash = change.path.lastIndexOf('/');
    const keyword = unescapePathComponent(change.path.slice(slash + 1));
    const node = change.path.slice(0, slash);
    const refuse = (code: string, params?: Refusal['params']) => out.push({ file: change.file, path: change.path, code, ...(params ? { params } : {}) });
    const value = change.value;
    if (keyword === 'pattern') {
      const parsed = typeof value === 'string' ? parsePattern(value) : { ok: false as const, error: '' };
      if (!parsed.ok) refuse('PatternInvalid', { reason: parsed.error });
    } else if (keyword === 'minLength' || keyword === 'maxLength') {
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) refuse('NotWholeNumber');
    } else if (keyword === 'minimum' || keyword === 'maximum') {
      if (typeof value !== 'number' || !Number.isFinite(value)) refuse('NotNumber');
    } else if (keyword === 'enum') {
      if (!Array.isArray(value) || value.length === 0) refuse('NoAllowedValue');
    }
    const pair = PAIRS[keyword];
    if (pair && typeof value === 'number') {
      const other = valueAt(draftFiles[change.file], `${node}/${pair}`);
      const low = keyword.startsWith('min') ? value : other;
      const high = keyword.startsWith('min') ? other : value;
      if (typeof low === 'number' && typeof high === 'number' && low > high) refuse('MinAboveMax', { min: low, max: high });
    }
  }
  return out;
}

/** The refusals at one file and path. */
export const refusalsAt = (refusals: readonly Refusal[], file: string, path: string) => refusals.filter((r) => r.file === file && r.path === path);
