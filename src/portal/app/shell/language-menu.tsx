import { useTranslation } from 'react-i18next';
import { usePortalConfig } from '../../clients/config';

/** A language's own name for itself (Intl.DisplayNames: "français", "日本語"), or its tag. */
function autonym(tag: string): string {
  try {
    return new Intl.DisplayNames([tag], { type: 'language' }).of(tag) ?? tag;
  } catch {
    return tag;
  }
}

/**
 * The language menu's list (a chunk loaded when the footer's menu is opened, ./footer.tsx): every live language of
 * the texts service, each named in itself (data, not a text to translate: `translate="no"`), as a
 * link to the same page with `?ui_locales=`; the page starts again in it and the choice is kept with
 * the account (../language-after-sign-in.ts).
 */
export default function LanguageMenu() {
  const { t, i18n } = useTranslation('portal');
  const { languages = [] } = usePortalConfig();
  return (
    <nav aria-label={t('Footer.Language')}>
      <ul>
        {languages.map(({ tag }) => (
          <li key={tag}>
            {tag === i18n.language ? (
              <span aria-current="true" lang={tag} translate="no">
                {autonym(tag)}
              </span>
            ) : (
              <a href={`?ui_locales=${encodeURIComponent(tag)}`} lang={tag} hrefLang={tag} translate="no">
                {autonym(tag)}
              </a>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
