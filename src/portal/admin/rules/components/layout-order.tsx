import { useTranslation } from 'react-i18next';

export interface LayoutOrderProps {
  /** The group's declared order (`ui:order`), `*` standing for fields it does not name. */
  order: readonly string[] | undefined;
  name: string;
  published: readonly string[] | undefined;
  /** Whether the group lays its fields out in rows. */
  rows: boolean;
  labelOf: (name: string) => string;
  onMove: (direction: -1 | 1) => void;
  canMove: (direction: -1 | 1) => boolean;
}

/** The field's place in its group's declared order, moved up or down one place at a time. */
export function LayoutOrder({ order, name, published, rows, labelOf, onMove, canMove }: LayoutOrderProps) {
  const { t } = useTranslation(['admin']);
  if (!order) return <p className="admin-hint">{t('admin:Order.None')}</p>;
  const named = order.filter((n) => n !== '*');
  const position = named.indexOf(name) + 1;
  const changed = published !== undefined && published.join() !== order.join();
  return (
    <div className="admin-control admin-order">
      <p role="status" className="admin-order__position">
        {t('admin:Order.Position', { position, count: named.length })}
        {changed ? ` ${t('admin:Order.Changed')}` : ''}
      </p>
      <div className="admin-order__buttons">
        {/* aria-disabled rather than disabled: a button that reaches the end keeps the focus. */}
        <button type="button" className="button button--secondary" aria-disabled={!canMove(-1)} onClick={() => canMove(-1) && onMove(-1)}>
          {t('admin:Order.Up')}
        </button>
        <button type="button" className="button button--secondary" aria-disabled={!canMove(1)} onClick={() => canMove(1) && onMove(1)}>
          {t('admin:Order.Down')}
        </button>
      </div>
      {rows ? <p className="admin-hint">{t('admin:Order.Rows')}</p> : null}
      <ol className="admin-order__list">
        {named.map((n) => (
          <li key={n} aria-current={n === name ? 'true' : undefined} className={n === name ? 'admin-order__current' : undefined}>
            {labelOf(n)}
          </li>
        ))}
      </ol>
    </div>
  );
}
