import { useTranslation } from 'react-i18next';
import { configLink, usePortalConfig } from '../../../clients/config';
import { CERTIFICATION_ROUTES } from '../../../ui/links/certification-routes';
import { SmartLink } from '../../../ui/links/smart-link';
import { Card } from './card';

export function CertificationCard() {
  const { t } = useTranslation('home');
  const config = usePortalConfig();
  // With the certmetrics flag the certification account is the portal's embedded page.
  const certifications = config.flags.certmetrics ? CERTIFICATION_ROUTES.certifications : configLink(config, 'certification.home');
  return (
    <Card title={t('Certification.Title')} className="card--certification">
      <p>{t('Certification.Text')}</p>
      {certifications ? (
        <div className="card__actions">
          <SmartLink href={certifications} className="button button--secondary">
            {t('Certification.Open')}
          </SmartLink>
        </div>
      ) : null}
    </Card>
  );
}
