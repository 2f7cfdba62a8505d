import { useTranslation } from 'react-i18next';

/** The exam form's warning that the legal name must match the ID shown at the test centre. */
export function LegalNameWarning({ locked }: { locked: boolean }) {
  const { t } = useTranslation('profile');
  return (
    <section className="profile-note profile-note--warning" aria-labelledby="legal-name-warning-title">
      <h2 id="legal-name-warning-title" className="profile-note__title">
        {t('Exam.LegalNameWarningTitle')}
      </h2>
      <p>{t('Exam.LegalNameWarning')}</p>
      {locked && <p>{t('Exam.LegalNameLocked')}</p>}
    </section>
  );
}
