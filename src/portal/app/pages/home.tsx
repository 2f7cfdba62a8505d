import HomePage from '../../features/home/home-page';
import { RedeemLauncher } from '../../features/redemption/components/redeem-launcher';
import { TrainingCard } from '../../features/training/components/training-card';

// Features never import each other: the app puts the redeem button into the training card, and the card into home.
const trainingCard = (profileId: string | undefined) => <TrainingCard profileId={profileId} redeem={<RedeemLauncher />} />;

export default function HomeRoute() {
  return <HomePage trainingCard={trainingCard} />;
}
