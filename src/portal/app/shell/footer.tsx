import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePortalConfig } from '../../clients/config';
import { useCertificationFrameShown } from './certification-frame-host';

// The language menu's list is a chunk of its own, loaded when the learner opens the menu: the first
// load carries only its summary (docs/texts.md#languages).
const LanguageMenu = lazy(() => import('./language-menu'));

export function Footer() {
  const { t } = useTranslation('portal');
  return (
    <footer className="footer">
      {/* Whether the certification frame is shown needs the session (the profile): the menu waits
          for it inside a boundary of its own, so the shell paints first (src/portal/clients/session.ts). */}
      <Suspense fallback={null}>
        <FooterLanguageMenu />
      </Suspense>
      <p>{t('Footer.Copyright')}</p>
    </footer>
  );
}

/**
 * The language menu (docs/texts.md#languages): every live language, shown when there is a choice;
 * not under the certification frame, which covers the page below the header and would take the
 * focus out of sight (it is offered on every other page).
 */
function FooterLanguageMenu() {
  const { t } = useTranslation('portal');
  const { languages = [] } = usePortalConfig();
  const [open, setOpen] = useState(false);
  const frameShown = useCertificationFrameShown();
  if (languages.length < 2 || frameShown) return null;
  return (
    <details className="language-menu" data-testid="language-menu" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{t('Footer.Language')}</summary>
      {open && (
        <Suspense>
          <LanguageMenu />
        </Suspense>
      )}
    </details>
  );
}
