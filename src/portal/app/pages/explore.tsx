import { configLink, usePortalConfig } from '../../clients/config';
import ExplorePage from '../../features/explore/explore-page';
import { ExamActions } from '../../features/launch/components/exam-actions';
import { launchSlot } from '../../features/launch/components/launch-button';
import { RedeemLauncher } from '../../features/redemption/components/redeem-launcher';
import { ActiveProducts } from '../../features/training/components/active-products';

// Features never import each other: the app gives the launchpad the training feature's list of active
// products with the launch feature's buttons, the redeem button and the exam actions.
export default function ExploreRoute() {
  const config = usePortalConfig();
  const store = configLink(config, 'store');
  // Without the learning-systems flag the products list is not shown anywhere (docs/behaviour.md#screens-and-routes).
  const products = config.flags.learningSystems
    ? (profileId: string | undefined) => <ActiveProducts profileId={profileId} store={store} launch={launchSlot} />
    : undefined;
  return <ExplorePage products={products} redeem={<RedeemLauncher />} examActions={<ExamActions />} />;
}
