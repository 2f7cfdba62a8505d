/*
 * The UI language of a tab that asked for something other than a live language by its own tag (a
 * chunk of its own, loaded only then: ./language.ts reads the common case). A tag from `?ui_locales=`
 * is kept for the session, so it survives the sign-in round trip: a live language as itself (`ja-JP`
 * is `ja`), a pseudo-locale as itself (English for everything but the texts), a language of the texts
 * service that is not live as itself (shown in the live language the configuration sends its
 * learners to, its fallback's, else English; it comes back when it is live again), and any other
 * well-formed tag as a wish to preview it (`previewWished`), shown in English meanwhile.
 *
 * Use:
 *   const { lang, pseudo } = chooseLanguage(search, sessionStorage, config.languages ?? [], config.languagesNotLive ?? []);
 */
import { isPseudoLocale, PSEUDO_ACCENTED, PSEUDO_BIDI } from '../../shared/texts/pseudo-tags';
import type { LanguageNotLive } from '../clients/config';
import { firstTag, KEPT_LANGUAGE, SOURCE_LANGUAGE, type LiveLanguage, type UiLanguage } from './language';

/** How a pseudo-locale chosen for the session shows English (docs/texts.md#pseudo-locale). */
export type PseudoMode = 'accented' | 'bidi';

const same = (a: string | undefined, b: string) => a?.toLowerCase() === b.toLowerCase();

function canonical(tag: string | undefined): string | undefined {
  if (!tag) return undefined;
  try {
    return Intl.getCanonicalLocales(tag.replace(/_/g, '-'))[0];
  } catch {
    return undefined;
  }
}

/** A tag of `list` the tag names: itself, or its language without region (`ja-JP` -> `ja`, `fr-CA` -> `fr`). */
function tagIn<T extends { tag: string }>(wanted: string, list: readonly T[]): T | undefined {
  const base = new Intl.Locale(wanted).language;
  return list.find((l) => same(l.tag, wanted)) ?? list.find((l) => same(l.tag, base));
}

/** The live language a tag names, or the one the configuration sends a language that is not live to. */
function liveFor(tag: string | undefined, live: readonly LiveLanguage[], notLive: readonly LanguageNotLive[]): UiLanguage | null {
  const wanted = canonical(tag);
  if (!wanted) return null;
  const found = tagIn(wanted, live)?.tag ?? tagIn(wanted, notLive)?.shownIn;
  if (found && live.some((l) => l.tag === found)) return found;
  return same(new Intl.Locale(wanted).language, SOURCE_LANGUAGE) ? SOURCE_LANGUAGE : null;
}

/**
 * The UI language and pseudo-locale of the tab (see above), and the tag the sign-in pages are asked
 * for when it is not the UI language (the right-to-left pseudo-locale, so they mirror too).
 */
export function chooseLanguage(
  search: string,
  storage: Pick<Storage, 'getItem' | 'setItem'>,
  live: readonly LiveLanguage[],
  notLive: readonly LanguageNotLive[] = [],
): { lang: UiLanguage; pseudo?: PseudoMode; signInTag?: string } {
  const requested = firstTag(new URLSearchParams(search).get('ui_locales'));
  if (requested) {
    if (isPseudoLocale(requested)) {
      storage.setItem(KEPT_LANGUAGE, same(requested, PSEUDO_BIDI) ? PSEUDO_BIDI : PSEUDO_ACCENTED);
    } else {
      const wanted = canonical(requested);
      if (wanted) storage.setItem(KEPT_LANGUAGE, tagIn(wanted, live)?.tag ?? wanted);
    }
  }
  const kept = storage.getItem(KEPT_LANGUAGE) ?? undefined;
  if (same(kept, PSEUDO_ACCENTED)) return { lang: SOURCE_LANGUAGE, pseudo: 'accented' };
  if (same(kept, PSEUDO_BIDI)) return { lang: SOURCE_LANGUAGE, pseudo: 'bidi', signInTag: PSEUDO_BIDI };
  return { lang: liveFor(kept, live, notLive) ?? SOURCE_LANGUAGE };
}

/**
 * A language the session asked for that is not live: a draft language the localisation role may
 * preview (docs/texts.md#preview-in-context), or one taken down. Null when the one asked for is live.
 */
export function previewWished(storage: Pick<Storage, 'getItem'>, live: readonly LiveLanguage[]): string | null {
  const kept = canonical(storage.getItem(KEPT_LANGUAGE) ?? undefined);
  if (!kept || isPseudoLocale(kept) || tagIn(kept, live) || same(new Intl.Locale(kept).language, SOURCE_LANGUAGE)) return null;
  return kept;
}
