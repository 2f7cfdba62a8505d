import { type AST, RegExpParser } from '@eslint-community/regexpp';
import { JS, NFA } from 'refa';
import { checkSync } from 'recheck';
import type { JsonSchema } from '../../shared/schemas/schema-types';
import { outsideSubset, type SubsetRefusal } from './pattern-subset';

// The analysis of a pattern that the services never run on the event loop (the rules thread,
// rules-worker.ts, and `npm run check:schemas`):
// - the static analyser: recheck (https://makenowjust-labs.github.io/recheck/) builds the automaton
//   of a pattern and looks for an attack string, a value that makes a backtracking engine take
//   exponential or polynomial time. "safe" is a proof for the patterns it decides by automaton, and
//   a search by fuzzing otherwise; "unknown" (it ran out of time) counts as not safe.
// - whether any value can pass a field's rules: the patterns that apply to the field together with
//   its length bounds, as automata (refa), intersected; an empty intersection means no value passes.

export interface FoundPattern {
  /** File under schemas/ and the JSON Pointer of the keyword. */
  file: string;
  pointer: string;
  pattern: string;
}

const escape = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/** Every `pattern` value and `patternProperties` key in a schema file. */
export function findPatterns(file: string, schema: JsonSchema): FoundPattern[] {
  const found: FoundPattern[] = [];
  const visit = (node: unknown, pointer: string): void => {
    if (Array.isArray(node)) return node.forEach((item, i) => visit(item, `${pointer}/${i}`));
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      // ajv-errors' messages may be keyed by keyword ("pattern": "Validation..."): not patterns.
      if (key === 'errorMessage') continue;
      const here = `${pointer}/${escape(key)}`;
      if (key === 'pattern' && typeof value === 'string') found.push({ file, pointer: here, pattern: value });
      if (key === 'patternProperties' && value && typeof value === 'object') {
        for (const name of Object.keys(value)) found.push({ file, pointer: `${here}/${escape(name)}`, pattern: name });
      }
      visit(value, here);
    }
  };
  visit(schema, '');
  return found;
}

export interface Analysis {
  status: 'safe' | 'vulnerable' | 'unknown';
  /** For a vulnerable pattern: how its time grows, and a value that shows it. */
  complexity?: string;
  attack?: { prefix: string; pump: string; suffix: string };
  ms: number;
}

const RANDOM_SEED = 20261128;

/** recheck's verdict on one pattern, as Ajv runs it (`u`, searched). */
export function analyse(pattern: string, timeoutMs = 3_000): Analysis {
  const started = performance.now();
  // A fixed seed: the fuzzing part of the analysis gives the same verdict on every run and machine.
  const result = checkSync(pattern, 'u', { timeout: timeoutMs, randomSeed: RANDOM_SEED });
  const ms = performance.now() - started;
  if (result.status === 'vulnerable') {
    const [first] = result.attack.pumps;
    return {
      status: 'vulnerable',
      complexity: result.complexity.type === 'polynomial' ? `polynomial, degree ${result.complexity.degree}` : 'exponential',
      attack: { prefix: first?.prefix ?? '', pump: first?.pump ?? result.attack.string, suffix: result.attack.suffix },
      ms,
    };
  }
  return { status: result.status, ms };
}

/** A drafted pattern's refusal: outside the subset, or not proven safe by the analyser. */
export function patternRefusal(pattern: string, timeoutMs?: number): SubsetRefusal | undefined {
  const outside = outsideSubset(pattern);
  if (outside) return outside;
  const verdict = analyse(pattern, timeoutMs);
  if (verdict.status === 'safe') return undefined;
  return {
    key: 'Rules.Refusal.PatternNotLinear',
    params: verdict.attack ? { attack: `${verdict.attack.prefix}${verdict.attack.pump.repeat(3)}…`.slice(0, 60) } : {},
  };
}

/** What applies to one field's value: every pattern, and its length bounds. */
export interface FieldLanguage {
  patterns: string[];
  minLength: number;
  maxLength?: number;
}

/** The longest length bound taken literally; beyond it, the bound is left out (it only helps decide). */
const LENGTH_CAP = 2_000;

/** A pattern as the language of whole values: anchors taken off, and any text allowed where it has none. */
function wholeValue(pattern: string): string | undefined {
  let ast: AST.Pattern;
  try {
    ast = new RegExpParser({ ecmaVersion: 2025 }).parsePattern(pattern, 0, pattern.length, { unicode: true });
  } catch {
    return undefined;
  }
  const parts: string[] = [];
  for (const alternative of ast.alternatives) {
    let elements = [...alternative.elements];
    const isAnchor = (element: AST.Element | undefined, kind: 'start' | 'end') => element?.type === 'Assertion' && element.kind === kind;
    const anchoredStart = isAnchor(elements[0], 'start');
    if (anchoredStart) elements = elements.slice(1);
    const anchoredEnd = isAnchor(elements.at(-1), 'end');
    if (anchoredEnd) elements = elements.slice(0, -1);
    // Any other assertion stays, and the automaton refuses it (undecided).
    parts.push(`${anchoredStart ? '' : '[^]*'}(?:${elements.map((e) => e.raw).join('')})${anchoredEnd ? '' : '[^]*'}`);
  }
  return parts.join('|');
}

/**
 * Whether some value passes every pattern and the length bounds of a field: true or false when that
 * can be decided, undefined when it cannot (a pattern with look-around or a back-reference, as some
 * of the build's own patterns have).
 */
export function canPass(field: FieldLanguage): boolean | undefined {
  try {
    const language = (source: string) => {
      const { expression, maxCharacter } = JS.Parser.fromLiteral({ source, flags: 'u' }).parse();
      return NFA.fromRegex(expression, { maxCharacter }, { assertions: 'throw' });
    };
    const max = field.maxLength !== undefined && field.maxLength <= LENGTH_CAP ? field.maxLength : undefined;
    if (max !== undefined && field.minLength > max) return false;
    let values = language(`[^]{${Math.min(field.minLength, LENGTH_CAP)},${max ?? ''}}`);
    for (const pattern of field.patterns) {
      const whole = wholeValue(pattern);
      if (whole === undefined) return undefined;
      values = NFA.fromIntersection(values, language(whole));
      if (values.isEmpty) return false;
    }
    return !values.isEmpty;
  } catch {
    return undefined;
  }
}
