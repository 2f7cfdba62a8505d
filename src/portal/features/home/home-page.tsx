import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useProfile } from '../../clients/profile';
import { Skeleton } from '../../ui/skeleton/skeleton';
import { greetingNameOf } from '../../ui/names';
import { AddressBannerSlot } from './components/address-banner-slot';
import { Announcements } from './components/announcements';
import { CertificationCard } from './components/certification-card';
import { ExamsCard } from './components/exams-card';

export interface HomePageProps {
  /** The access-your-training card (training feature, with the redemption feature's button), placed by the app. */
  trainingCard?: (profileId: string | undefined) => ReactNode;
  /** Schedule Exam and Manage Exams (launch feature). */
  examActions?: ReactNode;
  /** The address-verification banner (fulfilment feature); it renders nothing when nothing is pending. */
  banner?: ReactNode;
}

export default function HomePage({ trainingCard, examActions, banner }: HomePageProps) {
  const { t } = useTranslation('home');
  const { profile, isPending } = useProfile();
  return (
    <div className="page home">
      <header className="home__welcome">
        {isPending ? (
          <Skeleton lines={1} />
        ) : (
          <h1>{t('Welcome.Heading', { name: greetingNameOf(profile) })}</h1>
        )}
        <p className="home__lead">{t('Welcome.Lead')}</p>
      </header>
      <AddressBannerSlot>{banner}</AddressBannerSlot>
      <div className="home__grid">
        {trainingCard?.(profile?.id)}
        <div className="home__side">
          <ExamsCard actions={examActions} />
          <CertificationCard />
        </div>
      </div>
      <Announcements />
    </div>
  );
}
