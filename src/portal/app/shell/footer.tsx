import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePortalConfig } from '../../clients/config';
import { useCertificationFrameShown } from './certification-frame-host';

// The language menu's list is a chunk of its own, loaded when the learner opens the menu: the first
// load carries only its summary (docs/texts.md#languages).
const LanguageMenu = lazy(() => import('./language-menu'));

export function Footer() {
  const { t } = useTranslation('portal');
  const { languages = [] } = usePortalConfig();
  const [open, setOpen] = useState(false);
  // Under the certification frame (which covers the page below the header) the menu would take the
  // focus out of sight: it is offered on every other page.
  const frameShown = useCertificationFrameShown();
  return (
    <footer className="footer">
      {languages.length > 1 && !frameShown && (
        // The language menu (docs/texts.md#languages): every live language, shown when there is a choice.
        <details className="language-menu" data-testid="language-menu" onToggle={(event) => setOpen(event.currentTarget.open)}>
          <summary>{t('Footer.Language')}</summary>
          {open && (
            <Suspense>
              <LanguageMenu />
            </Suspense>
          )}
        </details>
      )}
      <p>{t('Footer.Copyright')}</p>
    </footer>
  );
}
