import { useTranslation } from 'react-i18next';
import { usePortalConfig } from '../../../clients/config';
import type { Profile } from '../../../clients/profile';
import { formatConsentDate } from '../consent-date';

/** The parent/guardian consent note of a minor, shown with the privacy flag on and a consent date. */
export function GuardianConsentNote({ profile }: { profile: Profile }) {
  const { t } = useTranslation('profile');
  const { flags } = usePortalConfig();
  const date = formatConsentDate(profile.consentApprovedDate);
  if (!flags.privo || profile.isMinor !== true || !date) return null;
  return (
    <p className="profile-note profile-note--consent" data-testid="guardian-consent">
      {t('Profile.GuardianConsent', { date })}
    </p>
  );
}
