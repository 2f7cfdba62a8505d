/**
 * Namespaces of the shell and the signed-in home page: the only texts loaded before the first
 * render. The build puts each language's files of these into one chunk (vite.config.ts), so they
 * arrive in one request.
 */
export const FIRST_PAINT_NAMESPACES = ['portal', 'home', 'training', 'launch', 'onboarding', 'fulfilment', 'redemption', 'announcements'];
