/**
 * Namespaces of the shell and the signed-in home page: the only texts loaded before the first
 * render. The build puts each language's files of these into one chunk (vite.config.ts), so they
 * arrive in one request.
 */
export const FIRST_PAINT_NAMESPACES = ['portal', 'home', 'training', 'launch', 'onboarding', 'fulfilment', 'redemption', 'announcements'];

/**
 * Namespaces only the admin area shows (src/portal/admin): never loaded for a learner's page, and a
 * chunk of their own per language in the build, so the learner's texts do not grow with the admin
 * area's.
 */
export const ADMIN_NAMESPACES = ['admin', 'gallery', 'rules', 'texts'];
