import { useTranslation } from 'react-i18next';
import { formatDisplayDateTime } from '../../../ui/dates/format-date';
import type { PendingFulfilments } from '../api/pending-fulfilments';

/** The items waiting to be shipped, each with the date-time it was ordered. */
export function PendingList({ items }: { items: PendingFulfilments['fulfillments'] }) {
  const { t } = useTranslation('fulfilment');
  return (
    <ul className="fulfilment__items">
      {items.map((item) => (
        <li key={item.id} className="fulfilment__item">
          <span>{item.item}</span>{' '}
          <span className="fulfilment__date">{t('Pending.Ordered', { date: formatDisplayDateTime(item.createdAt) })}</span>
        </li>
      ))}
    </ul>
  );
}
