/*
 * Sample values that pass and fail a pattern, for the editor to show beside it: candidates built
 * from the pattern's syntax tree (a value it describes, shorter and longer ones) and from the
 * field's sample data, each with a character added or taken away, then tested with the pattern's
 * RegExp in the browser. For display only: the services check values, and whether a pattern runs in
 * linear time, themselves.
 *
 * A draft's pattern has not passed that check yet, and a pattern that repeats a repetition can take
 * exponential time on a long value; so candidates are kept short (MAX_LENGTH, or NESTED_MAX_LENGTH
 * for such a pattern), where even a catastrophic pattern answers in well under a millisecond per try.
 */
import type { AST } from '@eslint-community/regexpp';

const MAX_LENGTH = 24;
const NESTED_MAX_LENGTH = 12;
const SHOWN = 4;

// Characters a value is most likely to hold, tried in turn for a character class; and characters
// that a form's rules often refuse, added to passing values to find failing ones.
const LIKELY = ['a', 'e', 's', 'A', 'M', '5', '1', '0', ' ', '-', '.', 'z', 'Z', '9'];
const PROBES = ['\\', '@', ',', '"', '<', 'é', '字', '😀', ' ', '-', 'a', 'Z', '0', '.', '\t'];

type Matcher = (code: number) => boolean;

function classMatcher(node: AST.CharacterClassElement | AST.CharacterSet | AST.CharacterClass): Matcher {
  switch (node.type) {
    case 'Character':
      return (c) => c === node.value;
    case 'CharacterClassRange':
      return (c) => c >= node.min.value && c <= node.max.value;
    case 'CharacterClass': {
      const parts = (node.elements as AST.CharacterClassElement[]).map(classMatcher);
      return (c) => parts.some((m) => m(c)) !== node.negate;
    }
    case 'CharacterSet': {
      const source = node.kind === 'any' ? '.' : node.raw;
      const re = new RegExp(`^${source}$`, 'u');
      return (c) => re.test(String.fromCodePoint(c));
    }
    default:
      return () => false;
  }
}

function pick(matches: Matcher, shift: number): string | undefined {
  const likely = [...LIKELY.slice(shift % LIKELY.length), ...LIKELY.slice(0, shift % LIKELY.length)];
  const found = likely.find((ch) => matches(ch.codePointAt(0)!));
  if (found !== undefined) return found;
  for (let c = 0x21; c < 0x3000; c += 1) if (matches(c)) return String.fromCodePoint(c);
  return undefined;
}

/**
 * A value the element describes, or undefined (a back-reference, a character nothing matches).
 * `variant` decides the alternatives and how often a repetition repeats (0: as few as allowed but at
 * least once, 1: the fewest, 2 and on: a few more); `shift` varies the characters picked.
 */
function generate(node: AST.Element | AST.Alternative | AST.Pattern, variant: number, shift = variant): string | undefined {
  switch (node.type) {
    case 'Pattern':
    case 'Group':
    case 'CapturingGroup': {
      const alternatives = node.alternatives;
      return generate(alternatives[variant % alternatives.length]!, variant, shift);
    }
    case 'Alternative': {
      let out = '';
      for (const [i, el] of node.elements.entries()) {
        const part = generate(el, variant, shift + i);
        if (part === undefined) return undefined;
        out += part;
      }
      return out;
    }
    case 'Quantifier': {
      const wanted = variant === 0 ? Math.max(node.min, 1) : variant === 1 ? node.min : node.min + variant - 1;
      const count = Math.min(wanted, node.max, node.min + 6);
      let out = '';
      for (let i = 0; i < count; i += 1) {
        const part = generate(node.element, variant, shift + i);
        if (part === undefined) return undefined;
        out += part;
      }
      return out;
    }
    case 'Character':
      return String.fromCodePoint(node.value);
    case 'CharacterClass':
    case 'CharacterSet':
      return pick(classMatcher(node), shift);
    case 'Assertion':
      // Anchors and look-arounds add no characters (a candidate that breaks a look-around just fails).
      return '';
    default:
      return undefined;
  }
}

function hasNestedRepetition(node: AST.Node, inside = false): boolean {
  if (node.type === 'Quantifier') {
    if (inside && node.max > 1) return true;
    return hasNestedRepetition(node.element, inside || node.max > 1);
  }
  const children: AST.Node[] =
    node.type === 'Pattern' || node.type === 'Group' || node.type === 'CapturingGroup' || (node.type === 'Assertion' && 'alternatives' in node)
      ? (node as { alternatives: AST.Alternative[] }).alternatives
      : node.type === 'Alternative'
        ? node.elements
        : [];
  // An alternation inside a repetition can also take exponential time.
  if (inside && children.length > 1 && node.type !== 'Alternative') return true;
  return children.some((child) => hasNestedRepetition(child, inside));
}

export interface PatternSamples {
  passes: string[];
  fails: string[];
}

const unique = <T>(values: T[]) => [...new Set(values)];

/** Up to four values that pass and four that fail `regexp`, from its syntax tree and the field's `examples`. */
export function patternSamples(ast: AST.Pattern, regexp: RegExp, examples: readonly string[] = []): PatternSamples {
  const limit = hasNestedRepetition(ast) ? NESTED_MAX_LENGTH : MAX_LENGTH;
  const generated = [0, 1, 2, 3, 4].map((variant) => generate(ast, variant)).filter((v): v is string => v !== undefined);
  // Values the pattern describes (and the field's own) first, then each passing one changed a
  // little: one character shorter, doubled, with each probe character added after, then before;
  // the empty value last.
  const seeds = unique([...examples, ...generated]).filter((v) => v !== '' && [...v].length <= limit);
  const passing = seeds.filter((v) => regexp.test(v));
  const candidates: string[] = [...seeds];
  for (const seed of passing) candidates.push(seed.slice(0, -1), seed + seed, seed.slice(1));
  for (const seed of passing) for (const probe of PROBES) candidates.push(seed + probe);
  for (const seed of passing) for (const probe of PROBES) candidates.push(probe + seed);
  candidates.push('', ...PROBES);
  const passes: string[] = [];
  const fails: string[] = [];
  for (const candidate of unique(candidates)) {
    if ([...candidate].length > limit) continue;
    const list = regexp.test(candidate) ? passes : fails;
    if (list.length < SHOWN) list.push(candidate);
    if (passes.length >= SHOWN && fails.length >= SHOWN) break;
  }
  return { passes, fails };
}
