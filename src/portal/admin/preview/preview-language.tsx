/*
 * The language forms are previewed in, apart from the admin area's own: the forms below a
 * <PreviewTexts lang="ja"> read their texts from a copy of the portal's i18next (the same loaded
 * texts) set to that language, so switching the preview leaves the rest of the page as it is.
 */
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { loadCountryNames } from '../../forms/widgets/country-names';
import type { TextKey } from '../../ui/texts/text-key';

export const PREVIEW_LANGUAGES = ['en', 'ja'] as const;
export type PreviewLanguage = (typeof PREVIEW_LANGUAGES)[number];

const LANGUAGE_NAME: Record<PreviewLanguage, TextKey<'gallery'>> = {
  en: 'gallery:Languages.en',
  ja: 'gallery:Languages.ja',
};

/** The page's language, if the preview has it (English otherwise): where a preview starts. */
export function usePageLanguage(): PreviewLanguage {
  const { i18n } = useTranslation();
  return PREVIEW_LANGUAGES.find((lang) => lang === i18n.language) ?? 'en';
}

export function PreviewTexts({ lang, children }: { lang: PreviewLanguage; children: ReactNode }) {
  const { i18n } = useTranslation();
  // The copy switches once the language's texts are in the shared store: a copy set to a language
  // whose files are still loading waits for a load it is not told about, and the page would stay
  // suspended. Until then the preview shows the language it had.
  const [shown, setShown] = useState<PreviewLanguage>(lang);
  useEffect(() => {
    let current = true;
    const show = () => current && setShown(lang);
    i18n.loadLanguages(lang).then(show, show);
    return () => {
      current = false;
    };
  }, [i18n, lang]);
  // Nothing in the preview suspends on texts: a text still loading shows when it arrives, and never
  // replaces the page with a loading line.
  const preview = useMemo(() => i18n.cloneInstance({ lng: shown, react: { useSuspense: false } }), [i18n, shown]);
  useEffect(() => {
    // The form widgets show country names in the language once they are registered.
    loadCountryNames(shown).catch(() => undefined);
  }, [shown]);
  return (
    <I18nextProvider i18n={preview}>
      <div lang={shown}>{children}</div>
    </I18nextProvider>
  );
}

/** Buttons that choose the preview's language (pressed: the current one). */
export function LanguageSwitch({ value, onChange }: { value: PreviewLanguage; onChange: (lang: PreviewLanguage) => void }) {
  const { t } = useTranslation(['gallery']);
  return (
    <div role="group" aria-label={t('gallery:Language')} className="admin-languages">
      {PREVIEW_LANGUAGES.map((lang) => (
        <button key={lang} type="button" lang={lang} aria-pressed={value === lang} onClick={() => onChange(lang)}>
          {t(LANGUAGE_NAME[lang])}
        </button>
      ))}
    </div>
  );
}
