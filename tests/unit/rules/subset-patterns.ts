import fc from 'fast-check';

// Patterns of the shapes field rules have, for property tests: anchored sequences of characters,
// classes, optional groups, choices and counts, sometimes outside the drafts' subset (the tests keep
// those the subset accepts).

const atom = fc.oneof(
  fc.constantFrom('a', 'b', 'A', '0', '-', ' ', '@', '\\.', 'é'),
  fc.constantFrom('[a-z]', '[A-Z]', '[0-9]', '\\d', '\\w', '\\s', '[^\\s@]', '[a-f0-9]', '.', "[ .'-]", '\\p{L}'),
);
const count = fc.constantFrom('', '', '?', '*', '+', '{2}', '{1,3}', '{0,5}', '{2,}');
const piece = fc.tuple(atom, count).map(([a, c]) => `${a}${c}`);
const group = fc
  .tuple(fc.array(piece, { minLength: 1, maxLength: 3 }), fc.array(piece, { minLength: 1, maxLength: 2 }), fc.constantFrom('', '?', '*', '{1,4}'), fc.boolean())
  .map(([left, right, c, choice]) => `(?:${left.join('')}${choice ? `|${right.join('')}` : ''})${c}`);
const sequence = fc
  .array(fc.oneof({ weight: 4, arbitrary: piece }, { weight: 1, arbitrary: group }), { minLength: 1, maxLength: 5 })
  .map((parts) => parts.join(''));

/** An anchored pattern, `^…` with or without `$`, sometimes a choice of two. */
export const subsetPattern = () =>
  fc.tuple(sequence, fc.option(sequence, { nil: undefined }), fc.boolean()).map(([first, second, end]) =>
    [first, second]
      .filter((s) => s !== undefined)
      .map((s) => `^${s}${end ? '$' : ''}`)
      .join('|'),
  );
