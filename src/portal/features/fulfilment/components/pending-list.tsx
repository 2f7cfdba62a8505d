import { useTranslation } from 'react-i18next';
import { formatDisplayDateTime } from '../../../ui/dates/format-date';
import { runtimeText } from '../../../ui/texts/runtime-text';
import type { PendingFulfilments } from '../api/pending-fulfilments';

/**
 * The items waiting to be shipped, each with the date-time it was ordered. An item's kind is named
 * in the learner's language ("Printed certificate: Security Essentials"); an item of no known kind
 * shows its own text.
 */
export function PendingList({ items }: { items: PendingFulfilments['fulfillments'] }) {
  const { t, i18n } = useTranslation('fulfilment');
  const label = (item: PendingFulfilments['fulfillments'][number]) => {
    const key = `Pending.Kinds.${item.kind ?? ''}`;
    return item.kind && i18n.exists(key, { ns: 'fulfilment' }) ? runtimeText(t, key, { title: item.item }) : item.item;
  };
  return (
    <ul className="fulfilment__items">
      {items.map((item) => (
        <li key={item.id} className="fulfilment__item">
          <span>{label(item)}</span> <span className="fulfilment__date">{t('Pending.Ordered', { date: formatDisplayDateTime(item.createdAt) })}</span>
        </li>
      ))}
    </ul>
  );
}
