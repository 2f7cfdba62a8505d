/* The pages the pseudo-locale walks visit: every page of the route table (src/portal/app/routes.tsx). */

/** Every page the router knows (src/portal/app/routes.tsx), with what shows that it has loaded. */
export const WALKED_PAGES: { path: string; route: string }[] = [
  { path: '/home', route: 'home' },
  { path: '/training', route: 'training' },
  { path: '/profile', route: 'profile' },
  { path: '/profile/pearson', route: 'pearson' },
  { path: '/account', route: 'account' },
  { path: '/exam-error?errorCode=1', route: 'exam-error' },
  { path: '/certification', route: 'certification/*' },
  { path: '/announcements', route: 'announcements' },
  { path: '/explore', route: 'explore' },
  { path: '/admin', route: 'admin/*' },
  { path: '/training-products', route: 'training-products' },
  { path: '/no-such-page', route: '*' },
];
/** Routes with no page of their own: they send the browser elsewhere at once. */
export const REDIRECTS = ['/login', '/help'];
