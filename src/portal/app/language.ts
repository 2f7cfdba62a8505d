export const UI_LANGUAGES = ['en', 'ja'] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number];

const STORAGE_KEY = 'portal.uiLocale';

function asUiLanguage(value: string | null | undefined): UiLanguage | null {
  if (!value) return null;
  const primary = value.trim().split(/[\s,]+/)[0]?.toLowerCase().split(/[-_]/)[0];
  return (UI_LANGUAGES as readonly string[]).includes(primary ?? '') ? (primary as UiLanguage) : null;
}

/**
 * The UI language: the ui_locales query parameter, else the one kept in the session, else English.
 * A language from the query is kept for the session, so it survives the sign-in round trip.
 */
export function detectLanguage(search: string, storage: Pick<Storage, 'getItem' | 'setItem'>): UiLanguage {
  const fromQuery = asUiLanguage(new URLSearchParams(search).get('ui_locales'));
  if (fromQuery) {
    storage.setItem(STORAGE_KEY, fromQuery);
    return fromQuery;
  }
  return asUiLanguage(storage.getItem(STORAGE_KEY)) ?? 'en';
}
