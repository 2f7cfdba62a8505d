export const UI_LANGUAGES = ['en', 'ja'] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number];

/**
 * The pseudo-locale (docs/texts.md#pseudo-locale): English texts made longer, accented and bracketed
 * at run time, for localisation staff to see clipped and hard-coded texts. Chosen only by
 * `?ui_locales=en-XA` (the code browsers and Android use for it); never offered to learners. Every
 * other part of the portal (the services, the identity provider, dates) sees English.
 */
export const PSEUDO_LOCALE = 'en-XA';

const STORAGE_KEY = 'portal.uiLocale';

const firstTag = (value: string | null | undefined): string | undefined =>
  value
    ?.trim()
    .split(/[\s,]+/)[0]
    ?.toLowerCase();
const isPseudo = (value: string | null | undefined): boolean => firstTag(value) === PSEUDO_LOCALE.toLowerCase();

function asUiLanguage(value: string | null | undefined): UiLanguage | null {
  if (!value) return null;
  const primary = firstTag(value)?.split(/[-_]/)[0];
  return (UI_LANGUAGES as readonly string[]).includes(primary ?? '') ? (primary as UiLanguage) : null;
}

/**
 * The UI language: the ui_locales query parameter, else the one kept in the session, else English.
 * A language from the query is kept for the session, so it survives the sign-in round trip (the
 * pseudo-locale is kept as itself, and is English for everything but the texts).
 */
export function detectLanguage(search: string, storage: Pick<Storage, 'getItem' | 'setItem'>): UiLanguage {
  const requested = new URLSearchParams(search).get('ui_locales');
  const fromQuery = asUiLanguage(requested);
  if (fromQuery) {
    storage.setItem(STORAGE_KEY, isPseudo(requested) ? PSEUDO_LOCALE : fromQuery);
    return fromQuery;
  }
  return asUiLanguage(storage.getItem(STORAGE_KEY)) ?? 'en';
}

/** Whether the session chose the pseudo-locale (read after detectLanguage, which keeps the choice). */
export function pseudoLocaleChosen(storage: Pick<Storage, 'getItem'>): boolean {
  return isPseudo(storage.getItem(STORAGE_KEY));
}
