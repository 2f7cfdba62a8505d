import { useTranslation } from 'react-i18next';
import { useEntitlements } from '../../../clients/entitlements';
import { Skeleton } from '../../../ui/skeleton/skeleton';
import { partitionEntitlements } from '../entitlement-activity';
import { EmptyList } from './empty-list';
import { type LaunchSlot, ProductList } from './product-list';

interface ActiveProductsProps {
  profileId: string | undefined;
  /** Where the store is, for a learner who owns nothing active. */
  store: string | undefined;
  launch?: LaunchSlot;
}

/** The learner's active products with their launch buttons: the home card's list, and the explore launchpad's. */
export function ActiveProducts({ profileId, store, launch }: ActiveProductsProps) {
  const { t } = useTranslation('training');
  const { data, isPending, isError } = useEntitlements(profileId);
  if (isPending) return <Skeleton lines={3} />;
  if (isError) return <p role="alert">{t('List.LoadError')}</p>;
  const { active } = partitionEntitlements(data ?? [], new Date());
  if (active.length === 0) return <EmptyList store={store} />;
  return <ProductList active={active} launch={launch} />;
}
