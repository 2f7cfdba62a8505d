import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

// The flow, its forms and their validators load on first use, not with the page.
const RedemptionDialog = lazy(() => import('./redemption-dialog'));

/** The "Redeem access key" button of the home card and the training-products page, with its modals. */
export function RedeemLauncher({ className = 'button button--primary' }: { className?: string }) {
  const { t } = useTranslation('redemption');
  // Each opening starts a fresh flow (a new key mounts a new dialog).
  const [opening, setOpening] = useState(0);
  return (
    <>
      <button type="button" className={className} onClick={() => setOpening((n) => n + 1)}>
        {t('Redeem.Open')}
      </button>
      {opening > 0 ? (
        <Suspense fallback={null}>
          <RedemptionDialog key={opening} />
        </Suspense>
      ) : null}
    </>
  );
}
