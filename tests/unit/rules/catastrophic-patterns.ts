// Known catastrophic shapes of regular expressions, each with the refusal a product owner gets at the
// pattern control. Shared by the unit test of the subset and the console's calls (integration).
export const CATASTROPHIC: ReadonlyArray<readonly [pattern: string, key: string]> = [
  // The one that stalled a cluster: look-behind over an overlapping repetition.
  ['(?<=c(?:a|a)*)x', 'Rules.Refusal.PatternLookaround'],
  ['^(?<=c(?:a|a)*)x', 'Rules.Refusal.PatternLookaround'],
  ['^(?=(a+)+$)a', 'Rules.Refusal.PatternLookaround'],
  ['^(?!(a|a)*b)x', 'Rules.Refusal.PatternLookaround'],
  // Back-references.
  ['^(a+)\\1+x$', 'Rules.Refusal.PatternBackreference'],
  ['^(?<w>[a-z]+) \\k<w>$', 'Rules.Refusal.PatternBackreference'],
  // Nested quantifiers.
  ['^(a+)+$', 'Rules.Refusal.PatternNestedRepeat'],
  ['^([A-Za-z]+)+$', 'Rules.Refusal.PatternNestedRepeat'],
  ['^(\\w+\\s?)*$', 'Rules.Refusal.PatternNestedRepeat'],
  ['^(?:a{1,30}){1,30}b$', 'Rules.Refusal.PatternNestedRepeat'],
  ['^([a-zA-Z0-9])(([\\-.]|[_]+)?([a-zA-Z0-9]+))*(@){1}[a-z0-9]+[.]{1}(([a-z]{2,3})|([a-z]{2,3}[.]{1}[a-z]{2,3}))$', 'Rules.Refusal.PatternNestedRepeat'],
  // Overlapping alternation under repetition.
  ['^(a|a)*b', 'Rules.Refusal.PatternOverlappingChoice'],
  ['^(a|aa)+$', 'Rules.Refusal.PatternOverlappingChoice'],
  ['^(?:a|ab){1,20}c$', 'Rules.Refusal.PatternOverlappingChoice'],
  ['^(?:x|[a-z])*y$', 'Rules.Refusal.PatternOverlappingChoice'],
  ['^(?:|a)*b$', 'Rules.Refusal.PatternOverlappingChoice'],
  // Adjacent repetitions over the same characters (polynomial).
  ['^\\d+\\d+x', 'Rules.Refusal.PatternAdjacentRepeats'],
  ['^.*.*=.*$', 'Rules.Refusal.PatternAdjacentRepeats'],
  ['^a*[a-z]*$', 'Rules.Refusal.PatternAdjacentRepeats'],
  ['^\\s*a?\\s*$', 'Rules.Refusal.PatternAdjacentRepeats'],
  ['^[0-9]+0[0-9]+x$', 'Rules.Refusal.PatternAdjacentRepeats'],
  // A search that retries at every position (quadratic without an anchor).
  ['[^\\s@]+@[^\\s@]+\\.[^\\s@]+', 'Rules.Refusal.PatternNotAnchored'],
  ['[a-z]+@', 'Rules.Refusal.PatternNotAnchored'],
  ['^a|b+c', 'Rules.Refusal.PatternNotAnchored'],
  // Counts RE2 cannot run.
  ['^a{1001}$', 'Rules.Refusal.PatternCountTooLarge'],
];
