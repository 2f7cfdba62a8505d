/**
 * Namespaces only the admin area shows (src/portal/admin): never loaded for a learner's page, and a
 * chunk of their own per language in the build, so the learner's texts do not grow with the admin
 * area's. A language added in the texts console is complete without them (the admin area is shown
 * in English and Japanese).
 */
export const ADMIN_NAMESPACES = ['admin', 'gallery', 'rules', 'texts'];

/** The parts of what a learner sees that a language's completeness is told by: its namespace's part, or `portal` for the pages'. */
export type TextsArea = 'portal' | 'validation' | 'signin' | 'mail';

/** The area a namespace belongs to; undefined for the admin area's. */
export function areaOf(ns: string): TextsArea | undefined {
  if (ADMIN_NAMESPACES.includes(ns)) return undefined;
  return ns === 'validation' || ns === 'signin' || ns === 'mail' ? ns : 'portal';
}
