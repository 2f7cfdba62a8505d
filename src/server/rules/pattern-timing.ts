// Every regular expression under schemas/ must run in linear time on any input, or one long field
// freezes the process that validates it (the browser's form, and the services' single thread, sign-in
// included). This runs each pattern, the way Ajv compiles it (`new RegExp(p, 'u')`, searched, not
// anchored unless the pattern says so), against long adversarial strings and times it.
import type { JsonSchema } from '../../shared/schemas/schema-types';

export interface FoundPattern {
  /** File under schemas/ and the JSON Pointer of the keyword. */
  file: string;
  pointer: string;
  pattern: string;
}

export interface SlowPattern extends FoundPattern {
  input: string;
  length: number;
  ms: number;
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

/** Characters a pattern names literally or by class, plus the usual troublemakers. */
function alphabet(pattern: string): string[] {
  const chars = new Set(['a', 'A', '0', ' ', '.', '@', '-', '_', '(', ')', '+', '!', '/', '\\', '"', '\u00e9', '\t', '\n']);
  for (const ch of pattern.replace(/\\u[0-9a-fA-F]{4}|\\./g, '')) if (ch.charCodeAt(0) >= 0x20 && ch.charCodeAt(0) < 0x7f) chars.add(ch);
  return [...chars];
}

/** Long strings built to make a backtracking engine try every split: runs, pairs, and a poison tail. */
export function adversarialInputs(pattern: string, length: number): Array<{ name: string; value: string }> {
  const chars = alphabet(pattern);
  const inputs: Array<{ name: string; value: string }> = [];
  const repeat = (unit: string) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
  for (const a of chars) {
    inputs.push({ name: `${JSON.stringify(a)} x n`, value: repeat(a) });
    for (const tail of ['\u0000', '!', '@', '\n', '.']) inputs.push({ name: `${JSON.stringify(a)} x n + ${JSON.stringify(tail)}`, value: repeat(a) + tail });
  }
  for (const unit of ['a@', '@a', 'a.', 'a@a', 'a@a.', '0 ', '0-', '(0)', 'aA0!', 'a@b.c ', '.@']) {
    inputs.push({ name: `${JSON.stringify(unit)} x n`, value: repeat(unit) });
    inputs.push({ name: `${JSON.stringify(unit)} x n + "\\u0000"`, value: `${repeat(unit)}\u0000` });
  }
  const half = repeat('a').slice(0, length / 2);
  inputs.push({ name: '"a" x n/2 + "@" + "a" x n/2', value: `${half}@${half}` });
  inputs.push({ name: '"a" x n/2 + "@" + "a." x n/4', value: `${half}@${repeat('a.').slice(0, length / 2)}` });
  return inputs;
}

/**
 * The first input on which a pattern takes longer than `budgetMs` (at `length` characters), if
 * any. A linear pattern takes about a millisecond at 50,000 characters; a quadratic one, seconds.
 */
export function slowInputs(found: FoundPattern, length: number, budgetMs: number): SlowPattern[] {
  const regexp = new RegExp(found.pattern, 'u');
  const slow: SlowPattern[] = [];
  for (const input of adversarialInputs(found.pattern, length)) {
    const started = performance.now();
    regexp.test(input.value);
    const ms = performance.now() - started;
    if (ms > budgetMs) {
      slow.push({ ...found, input: input.name, length: input.value.length, ms });
      break;
    }
  }
  return slow;
}

/** The slowest run of a pattern over all inputs, for reports. */
export function worstCase(found: FoundPattern, length: number): { input: string; ms: number } {
  const regexp = new RegExp(found.pattern, 'u');
  let worst = { input: '', ms: 0 };
  for (const input of adversarialInputs(found.pattern, length)) {
    const started = performance.now();
    regexp.test(input.value);
    const ms = performance.now() - started;
    if (ms > worst.ms) worst = { input: input.name, ms };
  }
  return worst;
}
