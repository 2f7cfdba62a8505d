import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
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
  /**
   * The onboarding cards (onboarding feature), above the cards; `focusAfterClose` moves focus to the
   * welcome heading, so a learner who closes them goes on reading from the top of the page.
   */
  onboarding?: (focusAfterClose: () => void) => ReactNode;
}

export default function HomePage({ trainingCard, examActions, banner, onboarding }: HomePageProps) {
  const { t } = useTranslation('home');
  const { profile, isPending } = useProfile();
  const welcome = useRef<HTMLHeadingElement>(null);
  const focusWelcome = () => welcome.current?.focus();
  return (
    <div className="page home">
      <header className="home__welcome">
        {isPending ? (
          <Skeleton lines={1} />
        ) : (
          <h1 ref={welcome} tabIndex={-1}>
            {t('Welcome.Heading', { name: greetingNameOf(profile) })}
          </h1>
        )}
        <p className="home__lead">
          {t('Welcome.Lead')}{' '}
          <Link to="/explore" className="home__explore">
            {t('Welcome.Explore')}
          </Link>
        </p>
      </header>
      <AddressBannerSlot>{banner}</AddressBannerSlot>
      {onboarding?.(focusWelcome)}
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
