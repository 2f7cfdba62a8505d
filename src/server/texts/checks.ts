import { checkText, lengthWarning } from '../../shared/text-checks';
import { englishOf, keysOf, PLURAL_SUFFIX, SOURCE_LANGUAGE, type TextEdit, type Texts } from './texts-files';

// What a text may be (docs/admin-area.md, "Texts"): a known key in a known language (a plural form the
// language has), not empty, not too long, the same {{placeholders}} and $t() nesting as the English,
// and no markup the English does not have (texts are shown as text; a text never carries HTML into
// the portal or an e-mail). A text much longer than the English is saved with a warning.

export interface TextRefusal {
  /** Where in the request: `/changes/<i>/text` (or `/changes/<i>/key`, `/changes/<i>/lang`). */
  path: string;
  change: number;
  keyword: string;
  /** A key of the `texts` namespace (`Texts.Refusal.Placeholders`). */
  key: string;
  params?: Record<string, string | number>;
}

/** A refusal of a whole import file (at `/content`, change -1). */
export const fileRefusal = (keyword: string, key: string, params?: Record<string, string | number>): TextRefusal => ({
  path: '/content',
  change: -1,
  keyword,
  key,
  ...(params ? { params } : {}),
});

/** The English each text is compared with: the draft's own English where it changes it. */
function draftEnglish(on: Texts, changes: readonly TextEdit[]): Map<string, string> {
  const english = new Map(on.get(SOURCE_LANGUAGE));
  for (const change of changes) if (change.lang === SOURCE_LANGUAGE && english.has(change.key)) english.set(change.key, change.text);
  return english;
}

const referenceOf = (on: Texts, english: Map<string, string>, change: TextEdit) =>
  englishOf(change.lang === SOURCE_LANGUAGE ? (on.get(SOURCE_LANGUAGE) as Map<string, string>) : english, change.key) ?? '';

/** The warnings of changes that were checked when they were saved (a draft's): no refusal is looked for again. */
export function warningsOf(on: Texts, changes: readonly TextEdit[]): TextRefusal[] {
  const english = draftEnglish(on, changes);
  const warnings: TextRefusal[] = [];
  changes.forEach((change, index) => {
    const warning = lengthWarning({ text: change.text, english: referenceOf(on, english, change), lang: change.lang });
    if (warning)
      warnings.push({
        path: `/changes/${index}/text`,
        change: index,
        keyword: warning.keyword,
        key: warning.key,
        params: { textKey: change.key, lang: change.lang, ...warning.params },
      });
  });
  return warnings;
}

/**
 * Every change checked (`languages`: the tags of the texts service's languages, draft or live; a
 * text of any other is refused).
 */
export function checkTexts(
  base: Texts,
  on: Texts,
  changes: readonly TextEdit[],
  languages: readonly string[],
): { refusals: TextRefusal[]; warnings: TextRefusal[] } {
  const refusals: TextRefusal[] = [];
  const warnings: TextRefusal[] = [];
  const english = draftEnglish(on, changes);
  const seen = new Set<string>();
  const allowed = new Map<string, ReturnType<typeof keysOf>>();

  changes.forEach((change, index) => {
    const at = (field: string) => `/changes/${index}/${field}`;
    const refuse = (field: string, keyword: string, key: string, params?: Record<string, string | number>) =>
      refusals.push({ path: at(field), change: index, keyword, key, ...(params ? { params } : {}) });
    if (typeof change.lang !== 'string' || !languages.includes(change.lang))
      return refuse('lang', 'unknown-lang', 'Texts.Refusal.UnknownLanguage', { lang: String(change.lang) });
    const { lang, key: textKey, text } = change;
    let keys = allowed.get(lang);
    if (!keys) allowed.set(lang, (keys = keysOf(base, lang)));
    if (!keys.keys.has(textKey)) {
      const stem = textKey.replace(PLURAL_SUFFIX, '');
      if (stem !== textKey && keys.pluralStems.has(stem)) return refuse('key', 'plural-form', 'Texts.Refusal.PluralForm', { textKey, lang });
      return refuse('key', 'unknown-key', 'Texts.Refusal.UnknownKey', { textKey });
    }
    const id = `${lang}\u0000${textKey}`;
    if (seen.has(id)) return refuse('key', 'duplicate', 'Texts.Refusal.Duplicate', { textKey, lang });
    seen.add(id);
    if (typeof text !== 'string') return refuse('text', 'empty', 'Texts.Refusal.Empty', { textKey, lang });
    // An English text keeps the English in force's placeholders (the code passes them); another
    // language follows the English, the draft's own where it changes it. The text's own checks are
    // the console's (src/shared/text-checks.ts), so both judge a text alike.
    const { refusal, warning } = checkText({ text, english: referenceOf(on, english, change), lang });
    if (refusal) return refuse('text', refusal.keyword, refusal.key, { textKey, lang, ...refusal.params });
    if (warning) warnings.push({ path: at('text'), change: index, keyword: warning.keyword, key: warning.key, params: { textKey, lang, ...warning.params } });
    return undefined;
  });
  return { refusals, warnings };
}
