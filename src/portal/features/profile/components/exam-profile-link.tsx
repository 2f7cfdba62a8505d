import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { usePortalConfig } from '../../../clients/config';
import type { Profile } from '../../../clients/profile';
import { profileFlags } from '../../../../shared/profile/locks';

/** Sends a learner with no Pearson VUE candidate id to the exam-delivery form (Pearson flag on). */
export function ExamProfileLink({ profile }: { profile: Profile }) {
  const { t } = useTranslation('profile');
  const { flags } = usePortalConfig();
  if (!flags.pearson || profileFlags(profile).hasExamProviderId || profile.isBlocked === true) return null;
  return (
    <aside className="profile-note" aria-label={t('Profile.ExamProfileLink')}>
      <p>{t('Profile.ExamProfileHint')}</p>
      <Link to="/profile/pearson" className="button button--secondary">
        {t('Profile.ExamProfileLink')}
      </Link>
    </aside>
  );
}
