import { type AST, RegExpParser } from '@eslint-community/regexpp';
import { RE2JS } from 're2js';

// The services run every schema `pattern` in linear time, whatever the pattern says: Ajv's
// `code.regExp` engine is RE2 (re2js, pure JavaScript), which never backtracks, so no value can hold
// the event loop however a product owner's pattern is written. Schema patterns are JavaScript
// regular expressions with the `u` flag (what Ajv and the browser run), and RE2's syntax differs in
// places (`\u0041`, `\s`, `.`): each pattern is parsed with regexpp and written out again in RE2's
// syntax with the JavaScript meaning kept (docs/security.md#patterns).
//
// What RE2 cannot express (look-around, back-references) is refused, except for the patterns of the
// schema files the build ships: those are checked by the static analyser in `npm run check:schemas`
// (scripts/check-patterns.ts) and run on the platform's engine. A drafted pattern may not use those
// constructs at all (src/server/rules/pattern-subset.ts), so it always runs here.

/** What Ajv needs of a compiled pattern (it tells patterns apart by their `toString()`). */
export interface RegExpLike {
  test(value: string): boolean;
  toString(): string;
}

/** Ajv's `code.regExp` option: a function of (pattern, flags) with the module `code` standalone output requires. */
export interface RegExpEngine {
  (pattern: string, flags: string): RegExpLike;
  code: string;
}

/** The module id standalone validator code names the engine by (`require("…")`), resolved by whoever evaluates it. */
export const LINEAR_REGEXP_MODULE = 'portal/linear-regexp';

/** A construct that RE2 cannot run with the same meaning. */
export class NotLinear extends Error {}

// JavaScript's \s: WhiteSpace and LineTerminator of ECMA-262.
const SPACE = '\\t\\n\\x{0B}\\f\\r\\x{20}\\x{A0}\\x{1680}\\x{2000}-\\x{200A}\\x{2028}\\x{2029}\\x{202F}\\x{205F}\\x{3000}\\x{FEFF}';
const DIGIT = '0-9';
const WORD = '0-9A-Za-z_';
/** `.` without the s flag: anything but a line terminator. */
const ANY = '[^\\n\\r\\x{2028}\\x{2029}]';

const hex = (codePoint: number) => `\\x{${codePoint.toString(16).toUpperCase()}}`;
const isPlain = (codePoint: number) =>
  (codePoint >= 0x30 && codePoint <= 0x39) || (codePoint >= 0x41 && codePoint <= 0x5a) || (codePoint >= 0x61 && codePoint <= 0x7a);
const char = (codePoint: number) => (isPlain(codePoint) ? String.fromCodePoint(codePoint) : hex(codePoint));

function setContents(set: AST.EscapeCharacterSet | AST.UnicodePropertyCharacterSet): string {
  if (set.kind === 'digit') return DIGIT;
  if (set.kind === 'word') return WORD;
  if (set.kind === 'space') return SPACE;
  if (set.kind !== 'property') throw new NotLinear(set.raw);
  // A Unicode property: RE2 knows general categories and scripts by their short names.
  const name = set.value ? (['General_Category', 'gc', 'Script', 'sc'].includes(set.key) ? set.value : undefined) : set.key;
  if (!name || !/^[A-Za-z_]{1,40}$/.test(name) || set.strings) throw new NotLinear(`property ${set.raw}`);
  return `\\p{${name}}`;
}

function characterSet(set: AST.CharacterSet): string {
  if (set.kind === 'any') return ANY;
  if (set.kind === 'property' && set.strings) throw new NotLinear(set.raw);
  const contents = setContents(set as AST.EscapeCharacterSet | AST.UnicodePropertyCharacterSet);
  if (contents.startsWith('\\p{')) return set.negate ? contents.replace('\\p{', '\\P{') : contents;
  return `[${set.negate ? '^' : ''}${contents}]`;
}

function characterClass(node: AST.CharacterClass): string {
  const inside: string[] = [];
  const negatedSets: string[] = [];
  for (const element of node.elements) {
    switch (element.type) {
      case 'Character':
        inside.push(char(element.value));
        break;
      case 'CharacterClassRange':
        inside.push(`${char(element.min.value)}-${char(element.max.value)}`);
        break;
      case 'CharacterSet':
        if (element.kind === 'property' && element.strings) throw new NotLinear(element.raw);
        if (element.negate) {
          const contents = setContents(element);
          negatedSets.push(contents.startsWith('\\p{') ? contents.replace('\\p{', '\\P{') : `[^${contents}]`);
        } else inside.push(setContents(element));
        break;
      default:
        throw new NotLinear(element.raw);
    }
  }
  if (negatedSets.length === 0) return inside.length === 0 && !node.negate ? '[^\\x{0}-\\x{10FFFF}]' : `[${node.negate ? '^' : ''}${inside.join('')}]`;
  // [a\S] is a or anything but a space: RE2 has no negated set inside a class, so it is a choice.
  if (node.negate) throw new NotLinear(node.raw);
  return `(?:${[...(inside.length > 0 ? [`[${inside.join('')}]`] : []), ...negatedSets].join('|')})`;
}

function quantifier(node: AST.Quantifier): string {
  // Every element translates to one atom (a character, a class or a group), so the count applies to all of it.
  const atom = translate(node.element);
  const { min, max } = node;
  if (min > 1000 || (max !== Infinity && max > 1000)) throw new NotLinear(`repetition over 1000: ${node.raw}`);
  const count =
    min === 0 && max === Infinity
      ? '*'
      : min === 1 && max === Infinity
        ? '+'
        : min === 0 && max === 1
          ? '?'
          : max === Infinity
            ? `{${min},}`
            : min === max
              ? `{${min}}`
              : `{${min},${max}}`;
  return `${atom}${count}${node.greedy ? '' : '?'}`;
}

function alternatives(list: readonly AST.Alternative[]): string {
  return list.map((alternative) => alternative.elements.map(translate).join('')).join('|');
}

function translate(node: AST.Element): string {
  switch (node.type) {
    case 'Character':
      return char(node.value);
    case 'CharacterSet':
      return characterSet(node);
    case 'CharacterClass':
      return characterClass(node);
    case 'Group':
    case 'CapturingGroup':
      return `(?:${alternatives(node.alternatives)})`;
    case 'Quantifier':
      return quantifier(node);
    case 'Assertion':
      if (node.kind === 'start') return '^';
      if (node.kind === 'end') return '$';
      // \b and \B: ASCII word characters in both (the u flag without i).
      if (node.kind === 'word') return node.negate ? '\\B' : '\\b';
      throw new NotLinear(`look-around ${node.raw}`);
    default:
      throw new NotLinear(node.raw);
  }
}

/** A JavaScript pattern (the `u` flag) in RE2's syntax with the same meaning; throws NotLinear or a SyntaxError. */
export function toRe2Syntax(pattern: string): string {
  const ast = new RegExpParser({ ecmaVersion: 2025 }).parsePattern(pattern, 0, pattern.length, { unicode: true });
  return alternatives(ast.alternatives);
}

/** The pattern compiled by RE2, or undefined when RE2 cannot run it with the same meaning. */
export function linearPattern(pattern: string): RegExpLike | undefined {
  let source: string;
  try {
    source = toRe2Syntax(pattern);
  } catch (error) {
    if (error instanceof NotLinear) return undefined;
    throw error;
  }
  const compiled = RE2JS.compile(source);
  const name = `/${pattern}/u`;
  return { test: (value: string) => compiled.test(value), toString: () => name };
}

/** The build's patterns that RE2 cannot run and the platform's engine may (trustPatterns). */
const trusted = new Set<string>();

/**
 * Lets these patterns run on the platform's engine where RE2 cannot: only the patterns of the schema
 * files the build ships (the schema registry of the folder says so at start-up; the rules thread is
 * told the same list), which `npm run check:schemas` proves safe. A drafted pattern is never one.
 */
export function trustPatterns(patterns: Iterable<string>): void {
  for (const pattern of patterns) trusted.add(pattern);
}

/** The patterns trusted so far (to hand to a thread). */
export const trustedPatterns = (): string[] => [...trusted];

const kept = new Map<string, RegExpLike>();

/**
 * Ajv's regExp engine for the services: RE2 for every pattern it can run; the platform's engine only
 * for a trusted pattern (trustPatterns); anything else does not compile (NotLinear).
 */
export const linearRegExp = ((pattern: string, flags: string) => {
  const key = `${flags}/${pattern}`;
  let compiled = kept.get(key);
  if (!compiled) {
    compiled = linearPattern(pattern);
    if (!compiled) {
      if (!trusted.has(pattern))
        throw new NotLinear(`pattern ${JSON.stringify(pattern)} needs a backtracking engine and is not one of the build's schema files`);
      compiled = new RegExp(pattern, flags);
    }
    if (kept.size >= 5_000) kept.delete(kept.keys().next().value as string);
    kept.set(key, compiled);
  }
  return compiled;
}) as RegExpEngine;
linearRegExp.code = `require(${JSON.stringify(LINEAR_REGEXP_MODULE)}).default`;
