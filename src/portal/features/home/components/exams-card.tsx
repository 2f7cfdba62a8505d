import { useTranslation } from 'react-i18next';
import { configLink, usePortalConfig } from '../../../clients/config';
import { useProfile } from '../../../clients/profile';
import { SmartLink } from '../../../ui/links/smart-link';
import { Card } from './card';

export function ExamsCard() {
  const { t } = useTranslation('home');
  const config = usePortalConfig();
  const { profile } = useProfile();
  // Both lead to the exam-delivery partner's site, where scheduling and managing happen. A learner
  // without an exam-delivery candidate id fills in the exam-delivery form first (spec section 2).
  const partner = configLink(config, 'exams');
  const needsCandidate = config.flags.pearson && profile !== undefined && !profile.externalIds?.pearsonVue;
  const href =
    partner && needsCandidate ? `/profile/pearson?returnto=${encodeURIComponent(partner)}` : partner;
  return (
    <Card title={t('Exams.Title')} className="card--exams">
      <p>{t('Exams.Text')}</p>
      {href ? (
        <div className="card__actions">
          <SmartLink href={href} className="button button--primary">
            {t('Exams.Schedule')}
          </SmartLink>
          <SmartLink href={href} className="button button--secondary">
            {t('Exams.Manage')}
          </SmartLink>
        </div>
      ) : null}
    </Card>
  );
}
