import { AddressBanner } from '../../features/fulfilment/components/address-banner';
import HomePage from '../../features/home/home-page';
import { ExamActions } from '../../features/launch/components/exam-actions';
import { launchSlot } from '../../features/launch/components/launch-button';
import { OnboardingCards } from '../../features/onboarding/components/onboarding-cards';
import { RedeemLauncher } from '../../features/redemption/components/redeem-launcher';
import { TrainingCard } from '../../features/training/components/training-card';

// Features never import each other: the app puts the redeem and launch buttons into the training
// card, the exam actions into the exams card, and the cards and the onboarding into home.
const trainingCard = (profileId: string | undefined) => <TrainingCard profileId={profileId} redeem={<RedeemLauncher />} launch={launchSlot} />;
const onboarding = (focusAfterClose: () => void) => <OnboardingCards onClosed={focusAfterClose} />;

export default function HomeRoute() {
  return <HomePage trainingCard={trainingCard} examActions={<ExamActions />} banner={<AddressBanner />} onboarding={onboarding} />;
}
