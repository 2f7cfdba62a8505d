import { isDeepStrictEqual } from 'node:util';
import jsonPatch, { type Operation } from 'fast-json-patch';
import type { FormName } from '../../shared/schemas/form-names';
import type { JsonSchema } from '../../shared/schemas/schema-types';
import type { Catalogue } from '../forms/locale-catalogue';
import { childPath, nodeKey, type FormMap, type NodeRef, type Occurrence } from './form-map';
import { canonicalJson, isEditableFile, pointerOf, pointerSegments, valueAt, type RuleChange, type RuleFiles } from './rule-files';
import type { FieldLanguage } from './pattern-analysis';
import { storedBoundsOf } from './storage';

// What a draft may change, and what it may not: exactly the list in docs/admin-area.md.
//
// May change, on a field of a form schema or a shared definition: `required` (only adding a field the
// base does not require, or removing one the base did not require), minLength, maxLength, pattern,
// enum (a subset of the base list), minimum, maximum, the `required` of a condition's `then`,
// errorMessage keys; in a ui file, `ui:order` and a field's `ui:options.helpKey`.
//
// May not: change the shape of the data (a property, a type, a $ref, a const, additionalProperties,
// an `if`, anything else), allow a value outside the stored document's bounds (schemas/api/, through
// each form's x-storage: storage.ts), make a field the base requires optional, use a pattern that does
// not compile or is outside what a pattern may say (pattern-subset.ts) or is not proven safe by the
// static analyser (pattern-analysis.ts), leave a field no value can pass, or name a message key
// missing in any language.
//
// Every refusal is keyed by the change (its index in the draft) and the keyword, with a message key
// of the `rules` namespace (locales/<lang>/rules.json) and its parameters, so the console shows it at
// the control that made the change. Nothing here writes anything.

export interface Refusal {
  /** The change's place in the request body: `/changes/<index>`. */
  path: string;
  change: number;
  keyword: string;
  /** A key of the `rules` namespace (`Rules.Refusal.AboveStorage`). */
  key: string;
  params?: Record<string, string | number>;
}

/** The rules thread's verdicts (pattern-check.ts): each pattern's refusal (null: none), and per field whether some value passes. */
export interface PatternVerdicts {
  refusals: Map<string, { key: string; params?: Refusal['params'] } | null>;
  /** undefined: cannot be decided (a pattern of the build's with look-around). */
  passable: Array<boolean | undefined>;
}

/** Drafted patterns and the fields they and changed lengths apply to, checked in a thread of their own (pattern-check.ts). */
export type PatternCheck = (question: { patterns: string[]; fields: FieldLanguage[] }) => Promise<PatternVerdicts>;

export interface CheckContext {
  /** The files the build ships: what "the base" means in every rule. */
  base: RuleFiles;
  /** Where each node of the base applies (the shape never changes, so this holds for every version). */
  map: FormMap;
  /** Every language's texts (locales/), for message and help keys. */
  catalogues: ReadonlyMap<string, Catalogue>;
  patterns: PatternCheck;
}

export interface CheckResult {
  refusals: Refusal[];
  /** The files with the changes applied (also when some were refused; applicable ones only). */
  files: Map<string, JsonSchema>;
}

/** At most this many refusals in an answer. */
export const MAX_REFUSALS = 100;
const MAX_PATTERN_LENGTH = 1000;
const MAX_LENGTH_VALUE = 1_000_000;

const STRING_KEYWORDS = ['minLength', 'maxLength', 'pattern'];
const NUMBER_KEYWORDS = ['minimum', 'maximum'];
const RULE_KEYWORDS = [...STRING_KEYWORDS, ...NUMBER_KEYWORDS, 'enum', 'required', 'errorMessage'];
/** Rules whose errors need a message key at their own node (a missing field's falls back to Validation.Required). */
const MESSAGED_KEYWORDS = [...STRING_KEYWORDS, ...NUMBER_KEYWORDS, 'enum'];
/** Keywords ajv-errors maps (keys of an errorMessage object), and `_` for every other error. */
const MESSAGE_KEYWORDS = [
  '_',
  'type',
  'required',
  'properties',
  'minLength',
  'maxLength',
  'pattern',
  'enum',
  'const',
  'minimum',
  'maximum',
  'not',
  'format',
  'additionalProperties',
  'propertyNames',
  'if',
];
const MESSAGE_KEY = /^Validation\.[A-Za-z]+$/;
const HELP_KEY = /^Fields\.[A-Za-z0-9_.]+$/;

/** Schema keywords whose value is a map of subschemas, a list of them, or one. */
const NODE_MAPS = ['properties', '$defs'];
const NODE_LISTS = ['allOf'];
const NODE_ONE = ['then', 'else', 'items'];

const isSchema = (value: unknown): value is JsonSchema => !!value && typeof value === 'object' && !Array.isArray(value);
const isWhole = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);

type Target =
  | { kind: 'schema'; node: NodeRef; keyword: string; rest: string[] }
  | { kind: 'ui'; file: string; form: FormName; dataPath: string; keyword: 'ui:order' | 'helpKey'; node: string[] };

/** The schema node and keyword a change's path names, by the grammar of the base file; or a refusal. */
function targetOf(ctx: CheckContext, change: RuleChange, segments: string[]): Target | { refusal: string; keyword: string; params?: Refusal['params'] } {
  if (change.file.startsWith('ui/')) return uiTarget(ctx, change, segments);
  const document = ctx.base.get(change.file);
  const node: string[] = [];
  let i = 0;
  while (i < segments.length) {
    const segment = segments[i] as string;
    if ((NODE_MAPS.includes(segment) || NODE_LISTS.includes(segment)) && i + 1 < segments.length) {
      node.push(segment, segments[i + 1] as string);
      i += 2;
    } else if (NODE_ONE.includes(segment)) {
      node.push(segment);
      i += 1;
    } else break;
  }
  const keyword = segments[i];
  if (keyword === undefined) return { refusal: 'Rules.Refusal.ShapeChange', keyword: segments.at(-1) ?? '' };
  if (!isSchema(valueAt(document, node))) return { refusal: 'Rules.Refusal.NoSuchField', keyword };
  const ref = { file: change.file, pointer: pointerOf(node) };
  if (ctx.map.at(ref).length === 0) return { refusal: 'Rules.Refusal.NotAField', keyword };
  if (!RULE_KEYWORDS.includes(keyword)) return { refusal: 'Rules.Refusal.ShapeChange', keyword };
  const rest = segments.slice(i + 1);
  const restAllowed = keyword === 'errorMessage' ? rest.length <= 2 : keyword === 'enum' || keyword === 'required' ? rest.length <= 1 : rest.length === 0;
  if (!restAllowed) return { refusal: 'Rules.Refusal.InvalidChange', keyword };
  return { kind: 'schema', node: ref, keyword, rest };
}

/**
 * ui files: nested like the data; only `ui:order` and a field's `ui:options.helpKey` may change. A
 * form's own ui file applies at the form's root; a shared one (ui/defs, reached through x-include)
 * where each form includes it, and a field named in it must be a field at one of those places.
 */
function uiTarget(ctx: CheckContext, change: RuleChange, segments: string[]): Target | { refusal: string; keyword: string; params?: Refusal['params'] } {
  const places = ctx.map.uiPlacesOf(change.file);
  if (places.length === 0) return { refusal: 'Rules.Refusal.UnknownFile', keyword: '', params: { file: change.file } };
  const fields: string[] = [];
  let i = 0;
  while (i < segments.length && !(segments[i] as string).startsWith('ui:') && segments[i] !== 'x-behaviours' && !(segments[i] as string).startsWith('$'))
    fields.push(segments[i++] as string);
  const relative = fields.join('/');
  const place = places.find((p) => relative === '' || ctx.map.dataPaths(p.form).includes(childPath(p.dataPath, relative)));
  if (!place) return { refusal: 'Rules.Refusal.NoSuchField', keyword: segments[i] ?? '' };
  const dataPath = relative === '' ? place.dataPath : childPath(place.dataPath, relative);
  const form = place.form;
  const keyword = segments[i] ?? '';
  const rest = segments.slice(i + 1);
  if (keyword === 'ui:order' && rest.length <= 1) return { kind: 'ui', file: change.file, form, dataPath, keyword: 'ui:order', node: fields };
  if (keyword === 'ui:options' && rest.length === 1 && rest[0] === 'helpKey')
    return { kind: 'ui', file: change.file, form, dataPath, keyword: 'helpKey', node: fields };
  return { refusal: 'Rules.Refusal.UiNotEditable', keyword: rest.length > 0 && keyword === 'ui:options' ? `ui:options/${rest[0]}` : keyword };
}

/** The base with every editable rule taken out: what must stay equal (the shape of the data). */
function shapeOf(file: string, document: unknown): unknown {
  if (file.startsWith('ui/')) {
    const strip = (node: unknown): unknown => {
      if (Array.isArray(node)) return node.map(strip);
      if (!isSchema(node)) return node;
      const out: JsonSchema = {};
      for (const [key, value] of Object.entries(node)) {
        if (key === 'ui:order') continue;
        if (key === 'ui:options' && isSchema(value)) {
          const { helpKey: _help, ...options } = value;
          out[key] = options;
        } else out[key] = key === 'x-behaviours' ? value : strip(value);
      }
      return out;
    };
    return strip(document);
  }
  const stripNode = (node: unknown): unknown => {
    if (!isSchema(node)) return node;
    const out: JsonSchema = {};
    for (const [key, value] of Object.entries(node)) {
      if (RULE_KEYWORDS.includes(key)) continue;
      if (NODE_MAPS.includes(key) && isSchema(value)) out[key] = Object.fromEntries(Object.entries(value).map(([name, child]) => [name, stripNode(child)]));
      else if (NODE_LISTS.includes(key) && Array.isArray(value)) out[key] = value.map(stripNode);
      else if (NODE_ONE.includes(key)) out[key] = stripNode(value);
      else out[key] = value;
    }
    return out;
  };
  return stripNode(document);
}

/** The first pointer at which two JSON values differ. */
function firstDifference(a: unknown, b: unknown, at: string[] = []): string[] | undefined {
  if (isDeepStrictEqual(a, b)) return undefined;
  if (isSchema(a) && isSchema(b)) {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const found = firstDifference(a[key], b[key], [...at, key]);
      if (found) return found;
    }
  }
  if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
    for (let i = 0; i < a.length; i++) {
      const found = firstDifference(a[i], b[i], [...at, String(i)]);
      if (found) return found;
    }
  }
  return at;
}

const prefixLength = (a: readonly string[], b: readonly string[]) => {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
};

interface Touched {
  /** The last change that touched this node's keyword. */
  change: number;
  target: Extract<Target, { kind: 'schema' }> | Extract<Target, { kind: 'ui' }>;
}

export async function checkDraft(ctx: CheckContext, current: RuleFiles, changes: readonly RuleChange[]): Promise<CheckResult> {
  const refusals: Refusal[] = [];
  const refuse = (change: number, keyword: string, key: string, params?: Refusal['params']) => {
    if (refusals.length >= MAX_REFUSALS) return;
    if (refusals.some((r) => r.change === change && r.keyword === keyword && r.key === key)) return;
    refusals.push({ path: `/changes/${change}`, change, keyword, key, ...(params ? { params } : {}) });
  };
  const files = new Map(current);
  const copied = new Set<string>();
  const touched = new Map<string, Touched>();
  const segmentsOf = new Map<number, string[]>();

  // 1. Each change on its own: a known file, an operation, a path into a rule of a field; applied in
  // order to the published files (one that cannot be applied is refused and skipped).
  changes.forEach((change, index) => {
    const ok = change && typeof change.file === 'string' && ['add', 'replace', 'remove'].includes(change.op) && typeof change.path === 'string';
    if (!ok) return refuse(index, '', 'Rules.Refusal.InvalidChange');
    if (!isEditableFile(ctx.base, change.file)) return refuse(index, '', 'Rules.Refusal.UnknownFile', { file: change.file });
    const segments = pointerSegments(change.path);
    if (segments === null || segments.length === 0) return refuse(index, '', 'Rules.Refusal.InvalidChange');
    if (change.op !== 'remove' && !('value' in change)) return refuse(index, segments.at(-1) ?? '', 'Rules.Refusal.InvalidChange');
    const target = targetOf(ctx, change, segments);
    if ('refusal' in target) return refuse(index, target.keyword, target.refusal, 'params' in target ? target.params : undefined);
    let document = files.get(change.file) as JsonSchema;
    if (!copied.has(change.file)) {
      document = structuredClone(document);
      copied.add(change.file);
    }
    const operation = (
      change.op === 'remove' ? { op: 'remove', path: change.path } : { op: change.op, path: change.path, value: structuredClone(change.value) }
    ) as Operation;
    try {
      jsonPatch.applyOperation(document, operation, true, true, true);
    } catch {
      return refuse(index, target.keyword, 'Rules.Refusal.PathNotFound');
    }
    files.set(change.file, document);
    segmentsOf.set(index, segments);
    const key = target.kind === 'schema' ? `${nodeKey(target.node)}|${target.keyword}` : `${target.file}#${pointerOf(target.node)}|${target.keyword}`;
    touched.set(key, { change: index, target });
  });

  // 2. What each touched rule now says, against the base and the stored bounds.
  const patterns = new Map<string, number>(); // pattern -> change
  const fields = new Map<string, { language: FieldLanguage; at: Array<{ change: number; keyword: string }> }>();
  for (const { change, target } of touched.values()) {
    if (target.kind === 'ui') checkUi(ctx, files, target, change, refuse);
    else {
      const before = refusals.length;
      const pattern = checkRule(ctx, files, target, change, refuse);
      if (pattern !== undefined) patterns.set(pattern, change);
      // A length or a pattern that went through: every field it applies to must still take some value.
      if (refusals.length === before && STRING_KEYWORDS.includes(target.keyword)) {
        for (const occurrence of ctx.map.at(target.node)) {
          const language = fieldLanguage(ctx, files, occurrence);
          const key = JSON.stringify(language);
          const entry = fields.get(key) ?? { language, at: [] };
          if (!entry.at.some((a) => a.change === change)) entry.at.push({ change, keyword: target.keyword });
          fields.set(key, entry);
        }
      }
    }
  }

  // 3. The shape of the data never changes: every file the draft touched, without its editable
  // rules, is what the base is without them.
  for (const file of copied) {
    const difference = firstDifference(shapeOf(file, ctx.base.get(file)), shapeOf(file, files.get(file)));
    if (!difference) continue;
    let culprit = -1;
    let best = -1;
    changes.forEach((change, index) => {
      const segments = segmentsOf.get(index);
      if (change.file !== file || !segments) return;
      const shared = prefixLength(segments, difference);
      if (shared > best) [culprit, best] = [index, shared];
    });
    if (culprit >= 0) refuse(culprit, difference.at(-1) ?? '', 'Rules.Refusal.ShapeChange');
  }

  // 4. Patterns keep to the subset and are proven safe, and some value passes each field (in a thread
  // of their own, never on the request's thread).
  if (patterns.size > 0 || fields.size > 0) {
    const checked = [...fields.values()];
    const verdicts = await ctx.patterns({ patterns: [...patterns.keys()], fields: checked.map((f) => f.language) });
    const refusedChanges = new Set<number>();
    for (const [pattern, change] of patterns) {
      const refusal = verdicts.refusals.get(pattern);
      if (refusal === null) continue;
      refuse(change, 'pattern', refusal?.key ?? 'Rules.Refusal.PatternNotLinear', refusal?.params);
      refusedChanges.add(change);
    }
    checked.forEach((field, i) => {
      if (verdicts.passable[i] !== false) return;
      for (const { change, keyword } of field.at) {
        if (refusedChanges.has(change)) continue;
        refusedChanges.add(change);
        refuse(change, keyword, 'Rules.Refusal.NoValuePasses');
      }
    });
  }
  refusals.sort((a, b) => a.change - b.change);
  return { refusals, files };
}

type Refuse = (change: number, keyword: string, key: string, params?: Refusal['params']) => void;

/** Whether a node's rules apply wherever `occurrence`'s do: always, or under the same condition. */
const sameCondition = (o: Occurrence, occurrence: Occurrence) =>
  !o.condition || (!!occurrence.condition && nodeKey(o.condition) === nodeKey(occurrence.condition) && o.condition.branch === occurrence.condition.branch);

/**
 * A field's bound over the nodes that always apply to it, or, for a field that exists only under a
 * condition (declared in a `then`), under that same condition.
 */
function effectiveBound(
  ctx: CheckContext,
  files: RuleFiles,
  occurrence: Occurrence,
  keyword: string,
  pick: (a: number, b: number) => number,
): number | undefined {
  let out: number | undefined;
  for (const o of ctx.map.occurrences) {
    if (o.form !== occurrence.form || o.dataPath !== occurrence.dataPath || !sameCondition(o, occurrence)) continue;
    const value = valueAt(files.get(o.file), [...(pointerSegments(o.pointer) ?? []), keyword]);
    if (typeof value === 'number') out = out === undefined ? value : pick(out, value);
  }
  return out;
}

/** Every pattern and the length bounds that apply to a field's value wherever its occurrence applies. */
function fieldLanguage(ctx: CheckContext, files: RuleFiles, occurrence: Occurrence): FieldLanguage {
  const patterns = new Set<string>();
  for (const o of ctx.map.occurrences) {
    if (o.form !== occurrence.form || o.dataPath !== occurrence.dataPath || !sameCondition(o, occurrence)) continue;
    const value = valueAt(files.get(o.file), [...(pointerSegments(o.pointer) ?? []), 'pattern']);
    if (typeof value === 'string') patterns.add(value);
  }
  const maxLength = effectiveBound(ctx, files, occurrence, 'maxLength', Math.min);
  return {
    patterns: [...patterns].sort(),
    minLength: effectiveBound(ctx, files, occurrence, 'minLength', Math.max) ?? 0,
    ...(maxLength === undefined ? {} : { maxLength }),
  };
}

/**
 * Checks one touched rule of a schema node; answers the pattern to time, if the change sets one. A
 * rule set on a node whose errorMessage gives no key for it is refused: every error carries a key.
 */
function checkRule(ctx: CheckContext, files: RuleFiles, target: Extract<Target, { kind: 'schema' }>, change: number, refuse: Refuse): string | undefined {
  let refused = false;
  const counting: Refuse = (...args) => {
    refused = true;
    refuse(...args);
  };
  const pattern = checkRuleValue(ctx, files, target, change, counting);
  const { node: ref, keyword } = target;
  const node = valueAt(files.get(ref.file), pointerSegments(ref.pointer) ?? []) as JsonSchema;
  if (!refused && MESSAGED_KEYWORDS.includes(keyword) && node[keyword] !== undefined && !covers(node.errorMessage, keyword)) {
    refuse(change, keyword, 'Rules.Refusal.MessageMissing');
    return undefined;
  }
  return refused ? undefined : pattern;
}

function checkRuleValue(ctx: CheckContext, files: RuleFiles, target: Extract<Target, { kind: 'schema' }>, change: number, refuse: Refuse): string | undefined {
  const { node: ref, keyword } = target;
  const segments = pointerSegments(ref.pointer) ?? [];
  const node = valueAt(files.get(ref.file), segments) as JsonSchema;
  const baseNode = valueAt(ctx.base.get(ref.file), segments) as JsonSchema;
  const value = node[keyword];
  const baseValue = baseNode[keyword];
  const occurrences = ctx.map.at(ref);
  const types = new Set(occurrences.flatMap((o) => (o.dataPath === '' ? ['object'] : ctx.map.typesAt(o.form, o.dataPath))));
  const fail = (key: string, params?: Refusal['params']) => refuse(change, keyword, key, params);

  if (STRING_KEYWORDS.includes(keyword) && !types.has('string')) return void fail('Rules.Refusal.NotForThisField');
  if (NUMBER_KEYWORDS.includes(keyword) && !types.has('number')) return void fail('Rules.Refusal.NotForThisField');
  if (keyword === 'required' && !types.has('object')) return void fail('Rules.Refusal.NotForThisField');

  // Every field this node applies to, with what its stored counterpart allows.
  const fields = occurrences.map((o) => ({ occurrence: o, stored: storedBoundsOf(ctx.map.files, o.form, o.dataPath) }));

  if (keyword === 'maxLength' || keyword === 'minLength') {
    if (value !== undefined && (!isWhole(value) || value < 0 || value > MAX_LENGTH_VALUE)) return void fail('Rules.Refusal.NotAWholeNumber');
    for (const { occurrence, stored } of fields) {
      const limit = stored?.maxLength ?? effectiveBound(ctx, ctx.base, occurrence, 'maxLength', Math.min);
      if (limit === undefined) continue;
      if (keyword === 'maxLength') {
        const effective = effectiveBound(ctx, files, occurrence, 'maxLength', Math.min);
        const own = typeof value === 'number' ? value : undefined;
        if ((own !== undefined && own > limit) || effective === undefined || effective > limit) {
          return void fail(stored?.maxLength !== undefined ? 'Rules.Refusal.AboveStorage' : 'Rules.Refusal.AboveBase', { limit });
        }
      } else if (typeof value === 'number' && value > limit) return void fail('Rules.Refusal.MinAboveMax', { limit });
    }
    const min = node.minLength;
    const max = node.maxLength;
    if (typeof min === 'number' && typeof max === 'number' && min > max) return void fail('Rules.Refusal.MinAboveMax', { limit: max });
    return undefined;
  }

  if (keyword === 'minimum' || keyword === 'maximum') {
    if (value !== undefined && (typeof value !== 'number' || !Number.isFinite(value))) return void fail('Rules.Refusal.NotANumber');
    for (const { occurrence, stored } of fields) {
      if (keyword === 'maximum') {
        const limit = stored?.maximum ?? effectiveBound(ctx, ctx.base, occurrence, 'maximum', Math.min);
        const effective = effectiveBound(ctx, files, occurrence, 'maximum', Math.min);
        if (limit !== undefined && ((typeof value === 'number' && value > limit) || effective === undefined || effective > limit)) {
          return void fail(stored?.maximum !== undefined ? 'Rules.Refusal.AboveStorage' : 'Rules.Refusal.AboveBase', { limit });
        }
      } else {
        const limit = stored?.minimum ?? effectiveBound(ctx, ctx.base, occurrence, 'minimum', Math.max);
        const effective = effectiveBound(ctx, files, occurrence, 'minimum', Math.max);
        if (limit !== undefined && ((typeof value === 'number' && value < limit) || effective === undefined || effective < limit)) {
          return void fail(stored?.minimum !== undefined ? 'Rules.Refusal.BelowStorage' : 'Rules.Refusal.BelowBase', { limit });
        }
      }
    }
    if (typeof node.minimum === 'number' && typeof node.maximum === 'number' && node.minimum > node.maximum)
      return void fail('Rules.Refusal.MinAboveMax', { limit: node.maximum });
    return undefined;
  }

  if (keyword === 'enum') {
    if (!Array.isArray(baseValue)) return void fail('Rules.Refusal.EnumNoBaseList');
    if (!Array.isArray(value)) return void fail('Rules.Refusal.EnumRequired');
    if (value.length === 0) return void fail('Rules.Refusal.EnumEmpty');
    const allowed = new Set(baseValue.map(canonicalJson));
    const seen = new Set<string>();
    for (const item of value) {
      const text = canonicalJson(item);
      if (!allowed.has(text)) return void fail('Rules.Refusal.EnumNotInBase', { value: typeof item === 'string' ? item : text });
      if (seen.has(text)) return void fail('Rules.Refusal.Duplicate', { value: typeof item === 'string' ? item : text });
      seen.add(text);
    }
    return undefined;
  }

  if (keyword === 'required') {
    const list = value === undefined ? [] : value;
    if (!Array.isArray(list) || list.some((name) => typeof name !== 'string')) return void fail('Rules.Refusal.InvalidChange');
    const names = list as string[];
    if (new Set(names).size !== names.length) return void fail('Rules.Refusal.Duplicate', { value: names.find((n, i) => names.indexOf(n) !== i) ?? '' });
    for (const name of Array.isArray(baseValue) ? (baseValue as string[]) : []) {
      if (!names.includes(name)) return void fail('Rules.Refusal.RequiredByBase', { field: name });
    }
    const declared = new Set(occurrences.flatMap((o) => ctx.map.childrenOf(o.form, o.dataPath)));
    for (const name of names) if (!declared.has(name)) return void fail('Rules.Refusal.RequiredUnknownField', { field: name });
    return undefined;
  }

  if (keyword === 'errorMessage') {
    checkMessages(ctx, value, baseValue, fail);
    return undefined;
  }

  // pattern
  if (value === undefined) return undefined;
  if (typeof value !== 'string') return void fail('Rules.Refusal.PatternInvalid');
  if (value.length > MAX_PATTERN_LENGTH) return void fail('Rules.Refusal.PatternTooLong', { limit: MAX_PATTERN_LENGTH });
  try {
    new RegExp(value, 'u');
  } catch {
    return void fail('Rules.Refusal.PatternInvalid');
  }
  return value;
}

/** Whether a node's errorMessage gives a key for a keyword's errors. */
const covers = (message: unknown, keyword: string): boolean => typeof message === 'string' || (isSchema(message) && (keyword in message || '_' in message));

function checkMessages(ctx: CheckContext, value: unknown, baseValue: unknown, fail: (key: string, params?: Refusal['params']) => void): void {
  const keyExists = (key: unknown): boolean => {
    if (typeof key !== 'string' || !MESSAGE_KEY.test(key)) {
      fail('Rules.Refusal.MessageKeyInvalid');
      return false;
    }
    for (const [language, catalogue] of ctx.catalogues) {
      if (!catalogue.has(`validation:${key}`)) {
        fail('Rules.Refusal.MessageKeyMissing', { key, language });
        return false;
      }
    }
    return true;
  };
  if (typeof baseValue === 'string' || baseValue === undefined) {
    if (baseValue === undefined && value === undefined) return;
    if (typeof value !== 'string')
      return void fail(
        baseValue === undefined ? 'Rules.Refusal.MessageKeyInvalid' : 'Rules.Refusal.MessageRemoved',
        baseValue === undefined ? undefined : { keyword: '_' },
      );
    keyExists(value);
    return;
  }
  if (!isSchema(value)) return void fail('Rules.Refusal.MessageRemoved', { keyword: '_' });
  for (const [keyword, entry] of Object.entries(baseValue as JsonSchema)) {
    if (!(keyword in value)) return void fail('Rules.Refusal.MessageRemoved', { keyword });
    if (isSchema(entry))
      for (const name of Object.keys(entry))
        if (!isSchema(value[keyword]) || !(name in (value[keyword] as JsonSchema)))
          return void fail('Rules.Refusal.MessageRemoved', { keyword: `${keyword}/${name}` });
  }
  for (const [keyword, entry] of Object.entries(value)) {
    if (!MESSAGE_KEYWORDS.includes(keyword)) return void fail('Rules.Refusal.MessageUnknownKeyword', { keyword });
    const keys = isSchema(entry) && ['required', 'properties'].includes(keyword) ? Object.values(entry) : [entry];
    for (const key of keys) if (!keyExists(key)) return;
  }
}

function checkUi(ctx: CheckContext, files: RuleFiles, target: Extract<Target, { kind: 'ui' }>, change: number, refuse: Refuse): void {
  const fail = (key: string, params?: Refusal['params']) => refuse(change, target.keyword, key, params);
  const node = valueAt(files.get(target.file), target.node);
  const baseNode = valueAt(ctx.base.get(target.file), target.node);
  if (!isSchema(node) || !isSchema(baseNode)) return void fail('Rules.Refusal.NoSuchField');
  if (target.keyword === 'ui:order') {
    const order = node['ui:order'];
    const baseOrder = baseNode['ui:order'];
    const same =
      Array.isArray(order) &&
      Array.isArray(baseOrder) &&
      order.length === baseOrder.length &&
      isDeepStrictEqual([...order].map(String).sort(), [...baseOrder].map(String).sort());
    if (!same) fail('Rules.Refusal.OrderNotPermutation');
    return;
  }
  const options = node['ui:options'];
  const helpKey = isSchema(options) ? options.helpKey : undefined;
  if (helpKey === undefined) return;
  if (typeof helpKey !== 'string' || !HELP_KEY.test(helpKey)) return void fail('Rules.Refusal.MessageKeyInvalid');
  for (const [language, catalogue] of ctx.catalogues) {
    if (!catalogue.has(`fields:${helpKey}`)) return void fail('Rules.Refusal.MessageKeyMissing', { key: helpKey, language });
  }
}
