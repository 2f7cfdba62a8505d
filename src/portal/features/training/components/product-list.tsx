import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { vendorNameKey } from '../../../ui/vendors';
import { type Entitlement, entitlementTitle } from '../entitlement-activity';
import { formatDisplayDate } from '../../../ui/dates/format-date';

// Few products moved to a new edition, and the notice's tooltip library (Radix and floating-ui) is
// most of this list's code: it loads only for a list that shows a notice, after the list has painted.
const MigrationNotice = lazy(async () => ({ default: (await import('./migration-notice')).MigrationNotice }));

/** What the single-sign-on feature puts on a product: its launch button (only for active items). */
export type LaunchSlot = (entitlement: Entitlement) => ReactNode;

interface ProductListProps {
  active: readonly Entitlement[];
  expired?: readonly Entitlement[];
  /** The page shows every date and the consent status; the home card only the vendor and the end date. */
  detailed?: boolean;
  launch?: LaunchSlot;
}

/** Training products, active first then expired (docs/behaviour.md#screens-and-routes and docs/behaviour.md#states-and-transitions); expired ones are marked and not launchable. */
export function ProductList({ active, expired = [], detailed = false, launch }: ProductListProps) {
  return (
    <ul className="product-list" data-testid={detailed ? 'training-products' : 'active-products'}>
      {active.map((entitlement) => (
        <ProductItem key={`${entitlement.vendor}-${entitlement.id}`} entitlement={entitlement} detailed={detailed} launch={launch} />
      ))}
      {expired.map((entitlement) => (
        <ProductItem key={`${entitlement.vendor}-${entitlement.id}`} entitlement={entitlement} detailed={detailed} expired />
      ))}
    </ul>
  );
}

function ProductItem({
  entitlement,
  detailed,
  expired = false,
  launch,
}: {
  entitlement: Entitlement;
  detailed: boolean;
  expired?: boolean;
  launch?: LaunchSlot;
}) {
  const { t } = useTranslation(['training', 'portal']);
  const vendorKey = vendorNameKey(entitlement.vendor);
  const redeemed = formatDisplayDate(entitlement.redemptionDate);
  const expires = formatDisplayDate(entitlement.expirationDate);
  const endKey = expired ? 'training:Product.Expired' : 'training:Product.Expires';
  const meta = [
    vendorKey ? t(vendorKey) : '',
    detailed && redeemed ? t('training:Product.Redeemed', { date: redeemed }) : '',
    expires ? t(endKey, { date: expires }) : '',
    detailed && entitlement.consentStatus ? t('training:Product.Consent', { status: t(`portal:ConsentStatus.${entitlement.consentStatus}`) }) : '',
  ].filter(Boolean);
  const launchButton = !expired && launch ? launch(entitlement) : null;
  return (
    <li className={`product${expired ? ' product--expired' : ''}`} data-state={expired ? 'expired' : 'active'}>
      <span className="product__title">
        {/* The product's title is data from the services, not a text of ours (docs/texts.md#pseudo-locale). */}
        <span translate="no">{entitlementTitle(entitlement)}</span>
        {expired ? <span className="badge badge--expired">{t('training:Product.ExpiredBadge')}</span> : null}
      </span>
      {meta.length > 0 ? <span className="product__meta">{meta.join(' · ')}</span> : null}
      {entitlement.migratedToProductTitle ? (
        <Suspense fallback={null}>
          <MigrationNotice title={entitlement.migratedToProductTitle} />
        </Suspense>
      ) : null}
      {launchButton ? <span className="product__launch">{launchButton}</span> : null}
    </li>
  );
}
