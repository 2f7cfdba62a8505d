import { _areEquals } from 'fast-json-patch';
import { useTranslation } from 'react-i18next';

const shown = (value: unknown) => (value === undefined ? undefined : typeof value === 'string' ? value : JSON.stringify(value));

/** "Published: 32" beside a value the draft changed; nothing when it is unchanged. */
export function WasNote({ value, published }: { value: unknown; published: unknown }) {
  const { t } = useTranslation(['admin']);
  if (_areEquals(value ?? null, published ?? null)) return null;
  const before = shown(published);
  return <span className="admin-was">{before === undefined ? t('admin:Rule.WasNone') : t('admin:Rule.Was', { value: before })}</span>;
}
