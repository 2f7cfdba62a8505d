import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

// The dialog code loads on first use.
const MissingProductsModal = lazy(() => import('./missing-products-modal'));

/** The missing-courses helper of the training card and page: a line of text and the missing products modal. */
export function MissingProductsHelper() {
  const { t } = useTranslation('training');
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <p className="training__missing">
      {t('Missing.Text')}{' '}
      <button
        type="button"
        className="link-button"
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        {t('Missing.Open')}
      </button>
      {loaded ? (
        <Suspense fallback={null}>
          <MissingProductsModal open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </p>
  );
}
