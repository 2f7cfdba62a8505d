// The portal's configuration speaks of languages in these shapes (src/server/http/portal-config.ts
// writes them, src/portal/clients/config.ts reads them).

/** A live language: its tag, reading direction and fallback. */
export interface PortalLanguage {
  tag: string;
  dir: 'ltr' | 'rtl';
  fallback: string | null;
}

/** A language that is not live and the live language its learners are shown (its fallback's). */
export interface LanguageNotLive {
  tag: string;
  shownIn: string;
}
