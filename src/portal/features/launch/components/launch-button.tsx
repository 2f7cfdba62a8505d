import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useProfile } from '../../../clients/profile';
import type { Entitlement } from '../../../clients/entitlements';
import { productLaunch } from '../launch-plan';
import { useLaunch } from '../use-launch';

/** The launch button of an active product (none for a vendor without a launch). */
export function LaunchButton({ entitlement }: { entitlement: Entitlement }) {
  const { t } = useTranslation('launch');
  const { launch, pending } = useLaunch();
  const { profile } = useProfile();
  const navigateTo = useNavigate();
  const target = productLaunch(entitlement);
  if (!target) return null;
  // An exam voucher needs the exam-delivery profile first (docs/behaviour.md#screens-and-routes).
  const needsExamProfile = target.vendor === 'pearsonVue' && !profile?.externalIds?.pearsonVue;
  const title = entitlement.product?.title || entitlement.product?.productTitle || '';
  const busy = pending !== null;
  const options = target.vendor === 'benchPrep' || target.vendor === 'canvas' ? { ...target.options, returnUrl: window.location.href } : target.options;
  return (
    <button
      type="button"
      className="button button--secondary button--small"
      aria-label={t('Launch.OpenProduct', { title })}
      aria-busy={busy || undefined}
      disabled={busy}
      onClick={() => void (needsExamProfile ? navigateTo('/profile/pearson') : launch(target.vendor, options, { id: String(entitlement.id) }))}
    >
      {busy ? <span className="spinner" role="status" aria-label={t('Launch.Opening')} /> : null}
      {t('Launch.Open')}
    </button>
  );
}

/** The training list's launch slot: a button for each active product. */
export const launchSlot = (entitlement: Entitlement) => <LaunchButton entitlement={entitlement} />;
