import fc from 'fast-check';
import type { JsonSchema } from '../../../scripts/lib/schema-files';
import { type Doc, withValue } from './harness';

// Documents near the edges of a form's rules, read off the form's own bundled schema (no rule is
// repeated here): every field the schema names, with the lengths, patterns, lists, constants and
// cross-field references it declares. A document is a valid one, moved along a few edits that keep
// it valid, then given at most one more edit that may break it.

/** What the schema says about one data path, gathered from every branch that mentions it. */
export interface FieldFacts {
  pointer: string;
  types: Set<string>;
  lengths: Set<number>;
  patterns: Set<string>;
  /** Allowed values (enum and const), and the values `if` conditions test for. */
  values: unknown[];
  /** Paths whose value this field is compared with ($data). */
  peers: Set<string>;
  /** Names under this path that the schema declares (an object). */
  children: Set<string>;
}

function resolve(root: JsonSchema, ref: string): JsonSchema {
  if (!ref.startsWith('#')) throw new Error(`Only local refs in a bundled schema: ${ref}`);
  let node: unknown = root;
  for (const part of ref.slice(1).split('/').filter(Boolean))
    node = (node as Record<string, unknown>)[decodeURIComponent(part.replace(/~1/g, '/').replace(/~0/g, '~'))];
  if (!node || typeof node !== 'object') throw new Error(`Unresolved ${ref}`);
  return node as JsonSchema;
}

function dataRefs(node: unknown, found: Set<string>): void {
  if (!node || typeof node !== 'object') return;
  const obj = node as Record<string, unknown>;
  if (typeof obj.$data === 'string') found.add(obj.$data);
  for (const value of Object.values(obj)) dataRefs(value, found);
}

/** Every path of a form with the facts of all schema branches that reach it. */
export function fieldFacts(schema: JsonSchema): Map<string, FieldFacts> {
  const facts = new Map<string, FieldFacts>();
  const at = (pointer: string): FieldFacts => {
    let f = facts.get(pointer);
    if (!f) {
      f = { pointer, types: new Set(), lengths: new Set(), patterns: new Set(), values: [], peers: new Set(), children: new Set() };
      facts.set(pointer, f);
    }
    return f;
  };
  const seen = new Set<string>();
  const walk = (node: unknown, pointer: string) => {
    if (!node || typeof node !== 'object' || Array.isArray(node)) return;
    const s = node as JsonSchema;
    const f = at(pointer);
    if (typeof s.$ref === 'string') {
      const id = `${s.$ref} ${pointer}`;
      if (!seen.has(id)) {
        seen.add(id);
        walk(resolve(schema, s.$ref), pointer);
      }
    }
    if (typeof s.type === 'string') f.types.add(s.type);
    for (const key of ['minLength', 'maxLength'] as const) if (typeof s[key] === 'number') f.lengths.add(s[key] as number);
    if (typeof s.pattern === 'string') f.patterns.add(s.pattern);
    if (Array.isArray(s.enum)) f.values.push(...(s.enum as unknown[]));
    if ('const' in s && !(s.const && typeof s.const === 'object')) f.values.push(s.const);
    const not = s.not as JsonSchema | undefined;
    if (not && typeof not.pattern === 'string') f.patterns.add(not.pattern);
    const peers = new Set<string>();
    dataRefs(s.not, peers);
    peers.forEach((p) => f.peers.add(p));
    if (s.properties && typeof s.properties === 'object') {
      for (const [name, child] of Object.entries(s.properties as Record<string, unknown>)) {
        f.children.add(name);
        walk(child, `${pointer}/${name}`);
      }
    }
    if (Array.isArray(s.required)) for (const name of s.required as string[]) f.children.add(name);
    for (const key of ['allOf', 'anyOf', 'oneOf'] as const) if (Array.isArray(s[key])) (s[key] as unknown[]).forEach((b) => walk(b, pointer));
    for (const key of ['if', 'then', 'else'] as const) walk(s[key], pointer);
  };
  walk(schema, '');
  return facts;
}

/** Characters at the edges of the printable Latin-1 rules, and a few well beyond them. */
export const EDGE_CHARS = [
  ' ',
  '!',
  '"',
  '#',
  '+',
  ',',
  '-',
  '.',
  '=',
  '>',
  '?',
  '@',
  '[',
  '\\',
  ']',
  '~', // ASCII edges and the characters some fields forbid
  '\u007f',
  '\u0080',
  '\u009f',
  '\u00a0',
  '\u00e9',
  '\u00ff',
  '\u0100', // DEL, C1 controls, no-break space, é, ÿ, and just past Latin-1
  '\t',
  '\n',
  '\u3000',
  '山',
  '\u{1F600}', // control characters, an ideographic space, CJK, a surrogate pair
  'a',
  'Z',
  '0',
  '9',
];
const SAFE_FILLERS = [' ', '~', '\u00a0', '\u00ff', 'a', 'Z', '0', '5', '\u00e9'];
/** A filler that meets "three of four character classes" rules. */
const MIXED = 'aA0@bB1#';

const edgeChar = fc.constantFrom(...EDGE_CHARS);

const fill = (length: number, filler: string): string => {
  let out = '';
  while (out.length < length) out += filler;
  return [...out].slice(0, length).join('');
};

/** A string of exactly `length` characters (code points, as JSON Schema counts them). */
const ofLength = (length: number): fc.Arbitrary<string> =>
  fc.oneof(
    fc.constantFrom(...SAFE_FILLERS, MIXED).map((filler) => fill(length, filler)),
    fc.tuple(fc.constantFrom(...SAFE_FILLERS, MIXED), edgeChar, fc.nat()).map(([filler, odd, at]) => {
      const chars = [...fill(length, filler)];
      if (chars.length > 0) chars[at % chars.length] = odd;
      return chars.join('');
    }),
  );

/** One small change to a string: a character dropped, doubled, replaced, added, or the case changed. */
const nearMiss = (base: fc.Arbitrary<string>): fc.Arbitrary<string> =>
  fc.tuple(base, fc.nat(), edgeChar, fc.integer({ min: 0, max: 4 })).map(([s, n, odd, how]) => {
    const chars = [...s];
    const at = chars.length === 0 ? 0 : n % chars.length;
    if (how === 0) chars.splice(at, 1);
    else if (how === 1 && chars.length > 0) chars.splice(at, 0, chars[at]!);
    else if (how === 2 && chars.length > 0) chars[at] = odd;
    else if (how === 3) chars.splice(at, 0, odd);
    else return s === s.toUpperCase() ? s.toLowerCase() : s.toUpperCase();
    return chars.join('');
  });

const patternArbs = new Map<string, fc.Arbitrary<string> | null>();
function matching(pattern: string): fc.Arbitrary<string> | null {
  if (!patternArbs.has(pattern)) {
    let arb: fc.Arbitrary<string> | null;
    try {
      // Some patterns (look-aheads) are beyond fast-check's generator; their fields get fillers.
      arb = fc.stringMatching(new RegExp(pattern, 'u'), { size: 'small' });
    } catch {
      arb = null;
    }
    patternArbs.set(pattern, arb);
  }
  return patternArbs.get(pattern) ?? null;
}

/** Values of the wrong type, and the marker for "remove the field". */
export const REMOVE = Symbol('remove');
const wrongTypes = fc.constantFrom<unknown>(null, 0, 1.5, -1, true, false, '', [], {}, '0', 'true');

export interface Edit {
  pointer: string;
  value: unknown;
  /** A value copied from another field at the time the edit is applied. */
  copyFrom?: string;
  /** Changed after copying (a near-equal value). */
  tweak?: boolean;
}

/** The edits one field invites: its bounds, its patterns, its lists, its peers, wrong types, removal. */
function fieldEdits(f: FieldFacts, objectPaths: Set<string>): fc.Arbitrary<Edit> {
  const values: fc.Arbitrary<unknown>[] = [wrongTypes, fc.constant(REMOVE)];
  if (!objectPaths.has(f.pointer)) {
    const strings: fc.Arbitrary<string>[] = [fc.string({ unit: edgeChar, maxLength: 6 })];
    for (const length of f.lengths) {
      for (const l of [length - 1, length, length + 1]) if (l >= 0) strings.push(ofLength(l));
    }
    for (const pattern of f.patterns) {
      const arb = matching(pattern);
      if (arb) strings.push(arb, nearMiss(arb));
    }
    const listed = f.values.filter((v): v is string => typeof v === 'string');
    if (listed.length > 0) strings.push(fc.constantFrom(...listed), nearMiss(fc.constantFrom(...listed)));
    values.push(fc.oneof(...strings));
    if (f.types.has('boolean') || f.values.some((v) => typeof v === 'boolean')) values.push(fc.boolean());
    if (f.types.has('number') || f.types.has('integer')) values.push(fc.oneof(fc.integer(), fc.double({ noNaN: true }), fc.constantFrom(0, -0, 1e21, 0.5)));
    if (listed.length > 0) values.push(fc.constantFrom(...listed));
  }
  const edits: fc.Arbitrary<Edit>[] = [fc.oneof(...values).map((value) => ({ pointer: f.pointer, value }))];
  for (const peer of f.peers) {
    edits.push(fc.boolean().map((tweak) => ({ pointer: f.pointer, value: undefined, copyFrom: peer, tweak })));
    // And the other way round: the peer takes this field's value.
    edits.push(fc.boolean().map((tweak) => ({ pointer: peer, value: undefined, copyFrom: f.pointer, tweak })));
  }
  return fc.oneof(...edits);
}

function valueAt(doc: unknown, pointer: string): unknown {
  let node = doc;
  for (const part of pointer.split('/').slice(1)) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

export function applyEdit(doc: Doc, edit: Edit): Doc {
  if (edit.copyFrom !== undefined) {
    const copied = valueAt(doc, edit.copyFrom);
    if (copied === undefined) return withValue(doc, edit.pointer, undefined);
    const value = edit.tweak && typeof copied === 'string' ? (copied === copied.toUpperCase() ? `${copied} ` : copied.toUpperCase()) : copied;
    return withValue(doc, edit.pointer, value);
  }
  return withValue(doc, edit.pointer, edit.value === REMOVE ? undefined : edit.value);
}

/** Every edit the form's schema invites, on every path it names (the root excepted). */
export function editsFor(schema: JsonSchema): fc.Arbitrary<Edit> {
  const facts = fieldFacts(schema);
  const objectPaths = new Set([...facts.values()].filter((f) => f.children.size > 0 || f.types.has('object')).map((f) => f.pointer));
  const fields = [...facts.values()].filter((f) => f.pointer !== '');
  return fc.oneof(...fields.map((f) => fieldEdits(f, objectPaths)));
}

export interface EdgeDocument {
  doc: Doc;
  /** The valid document it came from, after the edits that kept it valid. */
  base: Doc;
  /** The last edit, which may make it invalid (none: the valid document itself). */
  last: Edit | null;
}

/**
 * Documents near the edges: one of the valid starting documents, moved by up to `walk` edits each
 * kept only while `isValid` still holds, then given at most one more edit.
 */
export function edgeDocuments(starts: Doc[], schema: JsonSchema, isValid: (doc: Doc) => boolean, walk = 4): fc.Arbitrary<EdgeDocument> {
  const edit = editsFor(schema);
  return fc.tuple(fc.constantFrom(...starts), fc.array(edit, { maxLength: walk }), fc.option(edit, { freq: 4 })).map(([start, steps, last]) => {
    let base = start;
    for (const step of steps) {
      const next = applyEdit(base, step);
      if (isValid(next)) base = next;
    }
    return { doc: last ? applyEdit(base, last) : base, base, last };
  });
}
