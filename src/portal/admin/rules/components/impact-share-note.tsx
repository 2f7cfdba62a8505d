import { useTranslation } from 'react-i18next';
import { useDraft } from '../draft-state';
import { CONFIRM_SHARE, fieldShares } from '../impact-share';

/** A share as the page's language writes it (`25 %`, `25%`). */
export const percentOf = (share: number, language: string) => new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 }).format(share);

/**
 * At a field's controls: how many stored profiles the saved draft would newly turn back here, as a
 * share of those checked, from its impact report; from CONFIRM_SHARE on, a warning that publishing
 * will ask to confirm it.
 */
export function ImpactShareNote({ form, path }: { form: string; path: string }) {
  const { t, i18n } = useTranslation(['admin']);
  const { impact } = useDraft();
  const share = impact ? fieldShares(impact).find((s) => s.form === form && s.path === path) : undefined;
  if (!share || share.count === 0) return null;
  const params = { count: share.count, checked: share.checked, share: percentOf(share.share, i18n.language) };
  return (
    <p className={share.share >= CONFIRM_SHARE ? 'admin-warning' : 'admin-hint'} data-testid="impact-share">
      {t('admin:Impact.AtField', params)}
      {share.share >= CONFIRM_SHARE ? ` ${t('admin:Impact.ConfirmNeeded')}` : ''}
    </p>
  );
}
