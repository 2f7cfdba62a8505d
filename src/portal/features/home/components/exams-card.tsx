import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from './card';

/** The exams card: its Schedule Exam and Manage Exams actions come from the launch feature (placed by the app). */
export function ExamsCard({ actions }: { actions?: ReactNode }) {
  const { t } = useTranslation('home');
  return (
    <Card title={t('Exams.Title')} className="card--exams">
      <p>{t('Exams.Text')}</p>
      {actions}
    </Card>
  );
}
