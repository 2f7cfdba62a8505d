import type { PortalLanguage } from '../clients/config';

/**
 * The UI language: a BCP 47 tag of a live language of the texts service, as the portal's
 * configuration lists them (docs/texts.md#languages); the portal keeps no list of its own. English
 * (the source language) is always there.
 *
 * What the first load needs of it: the common case, a tab that asks for nothing or for a live
 * language by its own tag (`?ui_locales=ja`, or `ja` kept for the session). Anything else (a
 * region to drop, `ja-JP`; a pseudo-locale; a language taken down, sent to its fallback; a draft to
 * preview) is read by ./language-choice.ts, a chunk loaded only for such a tab.
 */
export type UiLanguage = string;

/** A live language as the configuration tells it. */
export type LiveLanguage = PortalLanguage;

export const SOURCE_LANGUAGE = 'en';

/** Where the tab keeps the language it asked for (for the session, so it survives the sign-in round trip). */
export const KEPT_LANGUAGE = 'portal.uiLocale';

/** The first tag of a `ui_locales` value (space separated, by preference). */
export const firstTag = (value: string | null | undefined): string | undefined => value?.trim().split(/[\s,]+/)[0];

/**
 * The UI language when the tab asked for nothing (English) or for a live language by its own tag
 * (kept for the session when it came with `?ui_locales=`); null when ./language-choice.ts must read it.
 */
export function plainLanguage(search: string, storage: Pick<Storage, 'getItem' | 'setItem'>, live: readonly LiveLanguage[]): UiLanguage | null {
  const requested = firstTag(new URLSearchParams(search).get('ui_locales'));
  const wanted = requested ?? storage.getItem(KEPT_LANGUAGE);
  if (!wanted) return SOURCE_LANGUAGE;
  const found = wanted === SOURCE_LANGUAGE ? wanted : live.find((l) => l.tag === wanted)?.tag;
  if (found && requested) storage.setItem(KEPT_LANGUAGE, found);
  return found ?? null;
}

/** The reading direction of a live language (right to left for the pseudo-locale ar-XB). */
export function directionOf(lang: UiLanguage, live: readonly LiveLanguage[], bidi = false): 'ltr' | 'rtl' {
  if (bidi) return 'rtl';
  return live.find((l) => l.tag === lang)?.dir ?? 'ltr';
}

/** The languages a text of `lang` is looked for in after its own: its fallbacks, ending in English. */
export function fallbacksOf(lang: UiLanguage, live: readonly LiveLanguage[]): UiLanguage[] {
  const chain: UiLanguage[] = [];
  let at = live.find((l) => l.tag === lang)?.fallback ?? null;
  while (at && at !== lang && !chain.includes(at)) {
    chain.push(at);
    at = live.find((l) => l.tag === at)?.fallback ?? null;
  }
  if (lang !== SOURCE_LANGUAGE && !chain.includes(SOURCE_LANGUAGE)) chain.push(SOURCE_LANGUAGE);
  return chain;
}
