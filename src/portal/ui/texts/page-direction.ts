/**
 * The page's reading direction (`dir` on the document, set from the UI language: docs/texts.md#right-to-left),
 * for components that take a direction of their own rather than inherit it: Radix's tabs mark
 * themselves `dir="ltr"` unless told, which would lay a right-to-left page's tabs and their panel out
 * left to right (and turn their arrow keys round).
 */
export const pageDirection = (): 'ltr' | 'rtl' => (typeof document !== 'undefined' && document.documentElement.dir === 'rtl' ? 'rtl' : 'ltr');
