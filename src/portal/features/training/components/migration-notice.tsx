import * as Tooltip from '@radix-ui/react-tooltip';
import { useTranslation } from 'react-i18next';

/**
 * The notice on a course that moved to a new product (docs/behaviour.md#screens-and-routes): a short label whose tooltip
 * names migratedToProductTitle. The label is a button, so the tooltip opens on keyboard focus as well
 * as on hover, and the title is also in the button's name (visually hidden) for screen readers.
 * Each notice has its own provider, so the tooltip code stays out of lists without a notice.
 */
export function MigrationNotice({ title }: { title: string }) {
  const { t } = useTranslation('training');
  const text = t('Product.MigratedTooltip', { title });
  return (
    <Tooltip.Provider>
      <Tooltip.Root delayDuration={150}>
        <Tooltip.Trigger asChild>
          <button type="button" className="product__migrated">
            <span aria-hidden="true" className="product__migrated-icon">
              ⓘ
            </span>
            {t('Product.Migrated')}
            <span className="visually-hidden">: {text}</span>
          </button>
        </Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content className="tooltip" side="top" sideOffset={6}>
            {text}
            <Tooltip.Arrow className="tooltip__arrow" />
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}
