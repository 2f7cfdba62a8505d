import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccountId } from '../../../clients/session';
import { useOnboardingDismissal } from '../dismissal';
import '../onboarding.css';

/** The three themes of docs/behaviour.md#screens-and-routes, in the order a new learner meets them. */
export const ONBOARDING_THEMES = ['Secure', 'Connected', 'Simple'] as const;

interface OnboardingCardsProps {
  /** Where focus goes once the cards are closed (the page decides; the cards are gone by then). */
  onClosed?: () => void;
}

/**
 * The onboarding cards of a learner's first visits: shown until the learner closes them, then never
 * again for that account in this browser.
 */
export function OnboardingCards({ onClosed }: OnboardingCardsProps) {
  const { t } = useTranslation('onboarding');
  const accountId = useAccountId();
  const [dismissed, dismiss] = useOnboardingDismissal(accountId);
  const headingId = useId();
  if (dismissed) return null;
  const close = () => {
    dismiss();
    onClosed?.();
  };
  return (
    <section className="onboarding" aria-labelledby={headingId} data-testid="onboarding">
      <div className="onboarding__header">
        <h2 id={headingId} className="onboarding__title">
          {t('Title')}
        </h2>
        <button type="button" className="button button--secondary button--small" onClick={close}>
          {t('Close')}
        </button>
      </div>
      <ul className="onboarding__cards">
        {ONBOARDING_THEMES.map((theme) => (
          <li key={theme} className={`onboarding-card onboarding-card--${theme.toLowerCase()}`} data-theme={theme.toLowerCase()}>
            <p className="onboarding-card__theme">{t(`Themes.${theme}.Label`)}</p>
            <h3 className="onboarding-card__heading">{t(`Themes.${theme}.Heading`)}</h3>
            <p className="onboarding-card__text">{t(`Themes.${theme}.Text`)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
