import { useTranslation } from 'react-i18next';
import { type Entitlement, entitlementTitle } from '../entitlement-activity';
import { vendorNameKey } from '../../../ui/vendors';
import { formatDisplayDate } from '../format-date';

export function ProductList({ entitlements }: { entitlements: readonly Entitlement[] }) {
  const { t } = useTranslation(['home', 'portal']);
  return (
    <ul className="product-list" data-testid="active-products">
      {entitlements.map((entitlement) => {
        const expires = formatDisplayDate(entitlement.expirationDate);
        const vendorKey = vendorNameKey(entitlement.vendor);
        const meta = [
          vendorKey ? t(vendorKey) : '',
          expires ? t('home:Training.Expires', { date: expires }) : '',
        ].filter(Boolean);
        return (
          <li key={`${entitlement.vendor}-${entitlement.id}`} className="product">
            <span className="product__title">{entitlementTitle(entitlement)}</span>
            {meta.length > 0 ? <span className="product__meta">{meta.join(' · ')}</span> : null}
            {entitlement.migratedToProductTitle ? (
              <span className="product__notice">
                {t('home:Training.Migrated', { title: entitlement.migratedToProductTitle })}
              </span>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
