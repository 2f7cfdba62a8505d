import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isPseudoLocale } from '../../shared/texts/pseudo-tags';
import { areaOf, type TextsArea } from '../../shared/texts/namespaces';
import { projectRoot } from '../runtime-files';
import { keysToTranslate, SOURCE_LANGUAGE, type Catalogue, type Lang, type Texts } from './texts-files';

// The languages of the texts service (docs/admin-area.md, "Languages"): each a BCP 47 tag the
// platform's Intl knows, draft or live, with its fallback and its reading direction. The languages
// with files (locales/<tag>/) are built in and live; the others are added in the texts console.

export type Direction = 'ltr' | 'rtl';
export type LanguageState = 'draft' | 'live';

export interface Language {
  tag: Lang;
  state: LanguageState;
  /** The language a missing text is shown in (a tag of the list); null for the source language. */
  fallback: Lang | null;
  direction: Direction;
  builtIn: boolean;
}

/** Why a tag cannot be a language: not a well-formed BCP 47 tag, or one the platform's Intl does not know. */
export type TagRefusal = 'language-tag' | 'language-unsupported';

/**
 * The canonical form of a tag (`PT-br` -> `pt-BR`, Intl.getCanonicalLocales), or why it is refused:
 * not well formed, with extensions (`fr-u-ca-buddhist`: a language is its base name), a pseudo-locale
 * (made at run time from the English), or one for which the platform has neither dates nor plural
 * rules (Intl.DateTimeFormat and Intl.PluralRules supportedLocalesOf).
 */
export function canonicalTag(input: string): { tag: Lang } | { refused: TagRefusal } {
  let tag: string;
  try {
    [tag = ''] = Intl.getCanonicalLocales(input.trim());
  } catch {
    return { refused: 'language-tag' };
  }
  if (!tag || new Intl.Locale(tag).baseName !== tag) return { refused: 'language-tag' };
  if (isPseudoLocale(tag)) return { refused: 'language-tag' };
  const supported = Intl.DateTimeFormat.supportedLocalesOf([tag]).length > 0 && Intl.PluralRules.supportedLocalesOf([tag]).length > 0;
  return supported ? { tag } : { refused: 'language-unsupported' };
}

let rtlScripts: ReadonlySet<string> | undefined;
/** The right-to-left scripts (schemas/api/right-to-left-scripts.schema.json). */
function rightToLeftScripts(): ReadonlySet<string> {
  rtlScripts ??= new Set((JSON.parse(readFileSync(join(projectRoot, 'schemas/api/right-to-left-scripts.schema.json'), 'utf8')) as { enum: string[] }).enum);
  return rtlScripts;
}

type TextInfo = { direction?: string };
type LocaleWithTextInfo = Intl.Locale & { getTextInfo?: () => TextInfo; textInfo?: TextInfo };

/**
 * A language's reading direction: the platform's text info for the locale where it has one
 * (Intl.Locale getTextInfo(), or the older textInfo), else from its likeliest script
 * (Intl.Locale.maximize(): `ar` -> Arab) and the list of right-to-left scripts.
 */
export function directionOf(tag: Lang, info: (locale: LocaleWithTextInfo) => TextInfo | undefined = platformTextInfo): Direction {
  const locale = new Intl.Locale(tag) as LocaleWithTextInfo;
  const told = info(locale)?.direction;
  if (told === 'rtl' || told === 'ltr') return told;
  const script = locale.maximize().script;
  return script && rightToLeftScripts().has(script) ? 'rtl' : 'ltr';
}

function platformTextInfo(locale: LocaleWithTextInfo): TextInfo | undefined {
  return typeof locale.getTextInfo === 'function' ? locale.getTextInfo() : locale.textInfo;
}

export interface AreaCompleteness {
  area: TextsArea;
  /** The keys of the area the language is complete with (its own plural forms). */
  keys: number;
  translated: number;
}

/**
 * How complete a language is in the texts `texts`, per area a learner sees (the portal's pages, the
 * validation messages, the sign-in pages, the e-mails; the admin area is shown in the built-in
 * languages and not counted), and how many keys would be shown in its fallback.
 */
export function completenessOf(base: Texts, texts: Texts, lang: Lang): { areas: AreaCompleteness[]; fallingBack: number } {
  const catalogue: Catalogue = texts.get(lang) ?? new Map();
  const areas = new Map<TextsArea, AreaCompleteness>();
  for (const area of ['portal', 'validation', 'signin', 'mail'] as const) areas.set(area, { area, keys: 0, translated: 0 });
  for (const key of keysToTranslate(base, lang)) {
    const area = areaOf(key.slice(0, key.indexOf(':')));
    if (!area) continue;
    const counts = areas.get(area) as AreaCompleteness;
    counts.keys += 1;
    if (catalogue.get(key)) counts.translated += 1;
  }
  const list = [...areas.values()];
  return { areas: list, fallingBack: list.reduce((sum, a) => sum + a.keys - a.translated, 0) };
}

/**
 * The languages a text of `lang` is looked for in, in order: the language, its fallback, the
 * fallback's fallback… ending with the source language. A language not live is skipped (its
 * learners are sent on to its fallback), as is a tag not in the list.
 */
export function fallbackChain(languages: readonly Language[], lang: Lang | null | undefined): Lang[] {
  const byTag = new Map(languages.map((l) => [l.tag, l]));
  const chain: Lang[] = [];
  let at = lang ? byTag.get(lang) : undefined;
  while (at && !chain.includes(at.tag)) {
    if (at.state === 'live') chain.push(at.tag);
    at = at.fallback ? byTag.get(at.fallback) : undefined;
  }
  if (!chain.includes(SOURCE_LANGUAGE)) chain.push(SOURCE_LANGUAGE);
  return chain;
}

/**
 * The live language a requested tag is shown in: the tag itself, or its language without region
 * (`fr-CA` -> `fr`), when live; else its fallback chain's first live language (a language taken
 * down sends its learners there); else undefined (not a language of the list).
 */
export function liveLanguageFor(languages: readonly Language[], requested: string | null | undefined): Lang | undefined {
  if (!requested) return undefined;
  let tag: string;
  try {
    [tag = ''] = Intl.getCanonicalLocales(requested.trim());
  } catch {
    return undefined;
  }
  const byTag = new Map(languages.map((l) => [l.tag.toLowerCase(), l]));
  const language = byTag.get(tag.toLowerCase()) ?? byTag.get(new Intl.Locale(tag).language.toLowerCase());
  return language ? fallbackChain(languages, language.tag)[0] : undefined;
}
