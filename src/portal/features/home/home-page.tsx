import { type ReactNode, useRef } from 'react';
import { useProfile } from '../../clients/profile';
import { greetingNameOf } from '../../ui/names';
import { AddressBannerSlot } from './components/address-banner-slot';
import { Announcements } from './components/announcements';
import { HomeWelcome } from './home-welcome';
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
  const { profile, isPending } = useProfile();
  const welcome = useRef<HTMLHeadingElement>(null);
  const focusWelcome = () => welcome.current?.focus();
  return (
    <div className="page home">
      <HomeWelcome name={isPending ? undefined : greetingNameOf(profile)} headingRef={welcome} />
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
