import { type AST, RegExpParser, visitRegExpAST } from '@eslint-community/regexpp';
import { getConsumedChars, getFirstConsumedChar, isPotentiallyEmpty } from 'regexp-ast-analysis';

// What a drafted pattern may say (docs/admin-area.md#what-a-pattern-may-contain). A pattern is a
// JavaScript regular expression (the `u` flag, as Ajv and the browser run it); a product owner's may
// use only a subset that a backtracking engine (the learner's browser) runs without catastrophic
// backtracking by construction, close to RFC 9485 (I-Regexp, the interoperable subset written for
// JSON Schema): characters, classes, groups, choices and counted repetition, anchored at the start.
// Refused, each with a key of its own saying why in plain words:
// - look-ahead and look-behind, back-references, word boundaries, Unicode properties of strings;
// - a pattern that does not start with ^ (an unanchored search retries at every position), or ^ and $
//   anywhere but at the start and end;
// - a repeated part inside another repeated part (`(a+)*`, `(ab{2,3}){4}`);
// - inside a repeated part, choices that can start with the same character or be empty (`(a|ab)*`);
// - two parts repeated without bound that can take the same characters with nothing between them
//   that only one of them takes (`\d+\d*`, `a*[a-z]+`): the engine would try every split;
// - a count over 1000 (RE2 runs at most that).
// What the subset lets through is then checked by the static analyser (pattern-analysis.ts), and the
// services run every pattern on RE2 whatever it says (../http/linear-regexp.ts).

export interface SubsetRefusal {
  /** A key of the `rules` namespace. */
  key: string;
  params?: Record<string, string | number>;
}

export const MAX_COUNT = 1000;
const FLAGS = { unicode: true } as const;

/** Whether a quantifier repeats (more than once). */
const repeats = (node: AST.Quantifier) => node.max > 1;
/** Whether a quantifier repeats without bound (a bounded one can split a run in a bounded number of ways only). */
const unbounded = (node: AST.Quantifier) => node.max === Infinity;

function parse(pattern: string): AST.Pattern | undefined {
  try {
    return new RegExpParser({ ecmaVersion: 2025 }).parsePattern(pattern, 0, pattern.length, { unicode: true });
  } catch {
    return undefined;
  }
}

/** The quantifiers around a node, innermost first. */
function enclosingRepeats(node: AST.Node): AST.Quantifier[] {
  const out: AST.Quantifier[] = [];
  for (let parent = node.parent; parent; parent = parent.parent) if (parent.type === 'Quantifier' && repeats(parent)) out.push(parent);
  return out;
}

/**
 * A repeated element of a sequence followed, with nothing between that only one of them can take, by
 * another repeated element whose first character it can also take: a run of such characters could
 * be split between the two in every way, which a backtracking engine tries one by one.
 */
function ambiguousNeighbours(sequence: readonly AST.Element[]): [AST.Quantifier, AST.Quantifier] | undefined {
  for (let i = 0; i < sequence.length; i++) {
    const first = sequence[i] as AST.Element;
    if (first.type !== 'Quantifier' || !unbounded(first)) continue;
    let shared = getConsumedChars(first.element, FLAGS).chars;
    for (let j = i + 1; j < sequence.length && !shared.isEmpty; j++) {
      const next = sequence[j] as AST.Element;
      if (next.type === 'Assertion') break;
      const start = getFirstConsumedChar(next, 'ltr', FLAGS);
      const overlaps = !start.char.intersect(shared).isEmpty;
      if (next.type === 'Quantifier' && unbounded(next) && overlaps) return [first, next];
      if (isPotentiallyEmpty(next, FLAGS)) continue;
      // A required element that starts with none of the shared characters separates the two.
      if (!overlaps) break;
      shared = shared.intersect(getConsumedChars(next, FLAGS).chars);
    }
  }
  return undefined;
}

/** The refusals in the order they are told: the construct first, then how repetitions combine. */
const PRIORITY = [
  'Rules.Refusal.PatternInvalid',
  'Rules.Refusal.PatternLookaround',
  'Rules.Refusal.PatternBackreference',
  'Rules.Refusal.PatternUnsupported',
  'Rules.Refusal.PatternCountTooLarge',
  'Rules.Refusal.PatternNotAnchored',
  'Rules.Refusal.PatternAnchorPlace',
  'Rules.Refusal.PatternNestedRepeat',
  'Rules.Refusal.PatternOverlappingChoice',
  'Rules.Refusal.PatternAdjacentRepeats',
];

/** Why a pattern is outside the subset, or undefined when it is inside (an invalid pattern is refused as such). */
export function outsideSubset(pattern: string): SubsetRefusal | undefined {
  const ast = parse(pattern);
  if (!ast) return { key: 'Rules.Refusal.PatternInvalid' };
  const found: SubsetRefusal[] = [];
  const refuse = (key: string, node: AST.Node | string, params: Record<string, string | number> = {}) => {
    found.push({ key, params: { part: (typeof node === 'string' ? node : node.raw).slice(0, 60), ...params } });
  };

  for (const alternative of ast.alternatives) {
    const first = alternative.elements[0];
    if (!first || first.type !== 'Assertion' || first.kind !== 'start') refuse('Rules.Refusal.PatternNotAnchored', alternative);
  }

  visitRegExpAST(ast, {
    onAssertionEnter(node) {
      if (node.kind === 'lookahead' || node.kind === 'lookbehind') return refuse('Rules.Refusal.PatternLookaround', node);
      if (node.kind === 'word') return refuse('Rules.Refusal.PatternUnsupported', node);
      // ^ first and $ last in a choice of the whole pattern, nowhere else.
      const alternative = node.parent;
      const topLevel = alternative.type === 'Alternative' && alternative.parent.type === 'Pattern';
      const place = topLevel ? alternative.elements.indexOf(node) : -1;
      const ok = node.kind === 'start' ? place === 0 : place === (topLevel ? alternative.elements.length - 1 : -2);
      if (!ok) refuse('Rules.Refusal.PatternAnchorPlace', node);
    },
    onBackreferenceEnter(node) {
      refuse('Rules.Refusal.PatternBackreference', node);
    },
    onCharacterSetEnter(node) {
      if (node.kind === 'property' && node.strings) refuse('Rules.Refusal.PatternUnsupported', node);
    },
    onQuantifierEnter(node) {
      if (node.min > MAX_COUNT || (node.max !== Infinity && node.max > MAX_COUNT)) refuse('Rules.Refusal.PatternCountTooLarge', node, { limit: MAX_COUNT });
      if (repeats(node) && enclosingRepeats(node).length > 0) refuse('Rules.Refusal.PatternNestedRepeat', enclosingRepeats(node).at(-1) as AST.Quantifier);
    },
    onAlternativeEnter(node) {
      const pair = ambiguousNeighbours(node.elements);
      if (pair) refuse('Rules.Refusal.PatternAdjacentRepeats', pattern.slice(pair[0].start, pair[1].end));
      // Choices inside a repeated part: each must start with characters no other choice starts with.
      const parent = node.parent;
      if (parent.type === 'Pattern' || parent.alternatives.length < 2 || node !== parent.alternatives[0]) return;
      if (enclosingRepeats(parent).length === 0) return;
      const starts = parent.alternatives.map((a) => getFirstConsumedChar(a, 'ltr', FLAGS));
      if (starts.some((s) => s.empty)) return refuse('Rules.Refusal.PatternOverlappingChoice', parent);
      for (let i = 0; i < starts.length; i++)
        for (let j = i + 1; j < starts.length; j++)
          if (!starts[i]!.char.intersect(starts[j]!.char).isEmpty) return refuse('Rules.Refusal.PatternOverlappingChoice', parent);
    },
  });
  return found.sort((a, b) => PRIORITY.indexOf(a.key) - PRIORITY.indexOf(b.key))[0];
}
