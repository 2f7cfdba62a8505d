import { useTranslation } from 'react-i18next';
import { configLink, usePortalConfig } from '../../../api/config';
import { SmartLink } from '../../../ui/links/SmartLink';
import { Card } from './Card';

export function ExamsCard() {
  const { t } = useTranslation('home');
  const config = usePortalConfig();
  // Both lead to the exam-delivery partner's site, where scheduling and managing happen.
  const schedule = configLink(config, 'exams');
  const manage = configLink(config, 'exams');
  return (
    <Card title={t('Exams.Title')} className="card--exams">
      <p>{t('Exams.Text')}</p>
      <div className="card__actions">
        {schedule ? (
          <SmartLink href={schedule} className="button button--primary">
            {t('Exams.Schedule')}
          </SmartLink>
        ) : null}
        {manage ? (
          <SmartLink href={manage} className="button button--secondary">
            {t('Exams.Manage')}
          </SmartLink>
        ) : null}
      </div>
    </Card>
  );
}
