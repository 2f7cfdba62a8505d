/*
 * A language's name in the console's language: the console's own text for English and Japanese
 * (`texts:Texts.Console.Language.<tag>`), else the platform's (Intl.DisplayNames: "French", "フランス語").
 *
 * Use:
 *   const nameOf = useLanguageName();
 *   nameOf('fr')   // 'French' in an English console
 */
import { useTranslation } from 'react-i18next';
import { runtimeText } from '../../ui/texts/runtime-text';

export function displayName(uiLanguage: string, tag: string): string {
  try {
    return new Intl.DisplayNames([uiLanguage], { type: 'language' }).of(tag) ?? tag;
  } catch {
    return tag;
  }
}

export function useLanguageName(): (tag: string) => string {
  const { t, i18n } = useTranslation(['texts']);
  return (tag) =>
    i18n.exists(`texts:Texts.Console.Language.${tag}`) ? runtimeText(t, `texts:Texts.Console.Language.${tag}`) : displayName(i18n.language, tag);
}
