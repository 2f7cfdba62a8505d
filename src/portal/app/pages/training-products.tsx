import { AddressBanner } from '../../features/fulfilment/components/address-banner';
import { launchSlot } from '../../features/launch/components/launch-button';
import { RedeemLauncher } from '../../features/redemption/components/redeem-launcher';
import { TrainingProductsPage } from '../../features/training/training-products-page';

export default function TrainingProductsRoute() {
  return <TrainingProductsPage redeem={<RedeemLauncher />} launch={launchSlot} fulfilmentBanner={<AddressBanner />} />;
}
