import stylelint from 'stylelint';

// The stylesheets follow the reading direction (docs/texts.md#right-to-left): a right-to-left
// language mirrors the page by `dir="rtl"` alone, so a side is named by where a line starts and ends
// (margin-inline-start, inset-inline-end, text-align: start), never as left or right. What may stay
// physical says so where it stands (`stylelint-disable-next-line` with the reason above it).

const PHYSICAL_SIDE =
  /^(?:(?:margin|padding|border|scroll-margin|scroll-padding)-(?:left|right)(?:-[a-z]+)?|left|right|border-(?:top|bottom)-(?:left|right)-radius)$/;

/** A value's parts at the top level (`0 calc(1px + 2px) 3px` is three). */
function topLevelParts(value) {
  const parts = [];
  let depth = 0;
  let part = '';
  for (const char of value.trim()) {
    if (char === '(') depth += 1;
    if (char === ')') depth -= 1;
    if (depth === 0 && /\s/.test(char)) {
      if (part) parts.push(part);
      part = '';
    } else part += char;
  }
  if (part) parts.push(part);
  return parts;
}

// Four sides in one value (top, right, bottom, left) are physical when the two sides differ, and so
// are the corners of border-radius given one by one: margin-inline, padding-block and the
// border-*-*-radius longhands say the same by start and end.
const shorthandName = 'house/no-physical-shorthand';
const shorthandMessages = stylelint.utils.ruleMessages(shorthandName, {
  sides: (property) => `${property} gives left and right sides that differ: use ${property}-block and ${property}-inline (start, end)`,
  corners: () => 'border-radius with corners that differ names them physically: use border-start-start-radius and the like',
});
const physicalShorthand = stylelint.createPlugin(shorthandName, (enabled) => (root, result) => {
  if (!enabled) return;
  root.walkDecls((decl) => {
    const property = decl.prop.toLowerCase();
    const parts = topLevelParts(decl.value);
    const report = (message) => stylelint.utils.report({ ruleName: shorthandName, result, node: decl, message });
    if (['margin', 'padding', 'inset'].includes(property) && parts.length === 4 && parts[1] !== parts[3]) report(shorthandMessages.sides(property));
    if (property === 'border-radius' && !decl.value.includes('/') && parts.length > 1 && new Set(parts).size > 1) report(shorthandMessages.corners());
  });
});

export default {
  plugins: [physicalShorthand],
  rules: {
    'property-disallowed-list': [
      [PHYSICAL_SIDE],
      { message: (property) => `${property} names a physical side: use its logical form (inline-start, inline-end)` },
    ],
    'declaration-property-value-disallowed-list': [
      { 'text-align': ['left', 'right'], float: ['left', 'right'], clear: ['left', 'right'] },
      { message: (property, value) => `${property}: ${value} is physical: use start or end (inline-start, inline-end)` },
    ],
    [shorthandName]: true,
  },
};
