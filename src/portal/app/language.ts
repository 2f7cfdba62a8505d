import { PSEUDO_ACCENTED, PSEUDO_BIDI } from '../../shared/texts/pseudo-tags';
import type { PortalLanguage } from '../clients/config';

/**
 * The UI language: a BCP 47 tag of a live language of the texts service, as the portal's
 * configuration lists them (docs/texts.md#languages); the portal keeps no list of its own. English
 * (the source language) is always there.
 */
export type UiLanguage = string;

/** A live language as the configuration tells it. */
export type LiveLanguage = PortalLanguage;

export const SOURCE_LANGUAGE = 'en';

// The pseudo-locales (docs/texts.md#pseudo-locale): English texts made longer, accented and
// bracketed (en-XA), or written right to left on a mirrored page (ar-XB), at run time, for
// localisation staff to see clipped, hard-coded and unmirrored texts. Chosen only by
// `?ui_locales=`; never offered to learners. Every other part of the portal (the services, dates)
// sees English.

const STORAGE_KEY = 'portal.uiLocale';

const firstTag = (value: string | null | undefined): string | undefined => value?.trim().split(/[\s,]+/)[0];
const same = (a: string | undefined, b: string) => a?.toLowerCase() === b.toLowerCase();

function canonical(tag: string | undefined): string | undefined {
  if (!tag) return undefined;
  try {
    return Intl.getCanonicalLocales(tag.replace(/_/g, '-'))[0];
  } catch {
    return undefined;
  }
}

/** The live language a tag names: itself, or its language without region (`ja-JP` -> `ja`, `fr-CA` -> `fr`). */
function liveFor(tag: string | undefined, live: readonly LiveLanguage[]): UiLanguage | null {
  const wanted = canonical(tag);
  if (!wanted) return null;
  const base = new Intl.Locale(wanted).language;
  return (live.find((l) => same(l.tag, wanted)) ?? live.find((l) => same(l.tag, base)))?.tag ?? (same(base, SOURCE_LANGUAGE) ? SOURCE_LANGUAGE : null);
}

/**
 * The UI language: the ui_locales query parameter, else the one kept in the session, else English.
 * A tag from the query is kept for the session, so it survives the sign-in round trip: a live
 * language as itself, a pseudo-locale as itself (English for everything but the texts), and any
 * other well-formed tag as a wish to preview it (`previewWished`), shown in English meanwhile.
 * A kept language that is no longer live (taken down) is English until it is live again.
 */
export function detectLanguage(search: string, storage: Pick<Storage, 'getItem' | 'setItem'>, live: readonly LiveLanguage[] = []): UiLanguage {
  const requested = firstTag(new URLSearchParams(search).get('ui_locales'));
  if (requested) {
    if (same(requested, PSEUDO_ACCENTED) || same(requested, PSEUDO_BIDI)) {
      storage.setItem(STORAGE_KEY, same(requested, PSEUDO_BIDI) ? PSEUDO_BIDI : PSEUDO_ACCENTED);
      return SOURCE_LANGUAGE;
    }
    const found = liveFor(requested, live);
    const wish = found ?? canonical(requested);
    if (wish) storage.setItem(STORAGE_KEY, wish);
    if (found) return found;
    if (wish) return SOURCE_LANGUAGE;
  }
  const kept = storage.getItem(STORAGE_KEY) ?? undefined;
  if (same(kept, PSEUDO_ACCENTED) || same(kept, PSEUDO_BIDI)) return SOURCE_LANGUAGE;
  return liveFor(kept, live) ?? SOURCE_LANGUAGE;
}

/** Whether the session chose the accented pseudo-locale (read after detectLanguage, which keeps the choice). */
export function pseudoLocaleChosen(storage: Pick<Storage, 'getItem'>): boolean {
  return same(storage.getItem(STORAGE_KEY) ?? undefined, PSEUDO_ACCENTED);
}

/** Whether the session chose the right-to-left pseudo-locale ar-XB. */
export function pseudoBidiChosen(storage: Pick<Storage, 'getItem'>): boolean {
  return same(storage.getItem(STORAGE_KEY) ?? undefined, PSEUDO_BIDI);
}

/**
 * A language the session asked for that is not live: a draft language the localisation role may
 * preview (docs/texts.md#preview-in-context), or one taken down. Null when the one asked for is live.
 */
export function previewWished(storage: Pick<Storage, 'getItem'>, live: readonly LiveLanguage[]): string | null {
  const kept = storage.getItem(STORAGE_KEY) ?? undefined;
  if (!kept || same(kept, PSEUDO_ACCENTED) || same(kept, PSEUDO_BIDI) || liveFor(kept, live)) return null;
  return canonical(kept) ?? null;
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
