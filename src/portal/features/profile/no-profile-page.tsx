import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { configLink, usePortalConfig } from '../../clients/config';
import { useSession } from '../../clients/session';
import { SmartLink } from '../../ui/links/smart-link';
import './profile.css';

/**
 * What an account without a profile sees on every page that needs one (home, training, exams,
 * account, certifications): what is missing, why it matters and what to do. Creating the profile is
 * one form away (/profile); contact support is there for a learner who had one before.
 */
export function NoProfilePage() {
  const { t } = useTranslation('profile');
  const session = useSession();
  const support = configLink(usePortalConfig(), 'contactSupport');
  return (
    <div className="page profile-page no-profile">
      <h1>{t('NoProfile.Title')}</h1>
      <p className="no-profile__lead">{t('NoProfile.Lead', { email: session.email ?? session.username ?? '' })}</p>
      <p>{t('NoProfile.Why')}</p>
      <p>
        <Link className="button button--primary" to="/profile">
          {t('NoProfile.Create')}
        </Link>
      </p>
      <p className="page__intro">
        {t('NoProfile.Support')}
        {support ? (
          <>
            {' '}
            <SmartLink href={support}>{t('NoProfile.ContactSupport')}</SmartLink>
          </>
        ) : null}
      </p>
    </div>
  );
}
