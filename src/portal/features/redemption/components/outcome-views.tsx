import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { usePortalConfig } from '../../../clients/config';
import { vendorNameKey } from '../../../ui/vendors';
import type { RedeemedProduct } from '../../../../shared/redemption';
import { populiNotes, resultMessageKey } from '../flow/redemption-flow';
import type { FlowView } from './flow-view';

function ProductNames({ products, label }: { products: RedeemedProduct[]; label: string }) {
  const titles = [...new Set(products.map((p) => p.title).filter(Boolean))];
  if (titles.length === 0) return null;
  return (
    <ul className="redemption__products" aria-label={label}>
      {titles.map((title) => (
        <li key={title}>{title}</li>
      ))}
    </ul>
  );
}

/** The success, upgrade-success and linked-successfully modals (which one follows the flow's route). */
export function SuccessView({ state, send }: FlowView) {
  const { t } = useTranslation(['redemption', 'portal']);
  const { flags } = usePortalConfig();
  const outcome = state.outcome;
  const products = outcome?.products.length ? outcome.products : outcome?.product ? [outcome.product] : [];
  const vendorKey = outcome?.vendor ? vendorNameKey(outcome.vendor) : undefined;
  const notes = populiNotes(outcome, state.facts);
  const lead = state.route === 'upgraded' ? 'UpgradeSuccess.Text' : state.route === 'linked' ? 'LinkedSuccess.Text' : undefined;
  return (
    <>
      {lead ? <p>{t(lead)}</p> : null}
      <p>{t(resultMessageKey('Success'))}</p>
      <ProductNames products={products} label={t('Success.ProductsLabel')} />
      {vendorKey ? <p className="redemption__vendor">{t('Success.Vendor', { vendor: t(vendorKey) })}</p> : null}
      {notes.sync ? <p className="redemption__note">{t('Populi.Sync')}</p> : null}
      {notes.waitlist ? <p className="redemption__note">{t('Populi.Waitlist')}</p> : null}
      <div className="modal__actions">
        {flags.learningSystems ? (
          <Link className="button button--secondary" to="/training-products" onClick={() => void send({ type: 'close' })}>
            {t('Success.SeeTraining')}
          </Link>
        ) : null}
        <button type="button" className="button button--primary" onClick={() => void send({ type: 'close' })}>
          {t('Common.Done')}
        </button>
      </div>
    </>
  );
}

/** The no-activation-needed modal (HasProductAlready), listing the activated products. */
export function NoActivationView({ state, send }: FlowView) {
  const { t } = useTranslation(['redemption']);
  return (
    <>
      <p>{t(resultMessageKey('HasProductAlready'))}</p>
      <p>{t('NoActivation.Text')}</p>
      <ProductNames products={state.outcome?.products ?? []} label={t('NoActivation.ProductsLabel')} />
      <div className="modal__actions">
        <button type="button" className="button button--primary" onClick={() => void send({ type: 'close' })}>
          {t('Common.Done')}
        </button>
      </div>
    </>
  );
}

/** The "Redemption Error" modal: the result code's message, and a way to try another key. */
export function ErrorView({ state, send }: FlowView) {
  const { t } = useTranslation(['redemption']);
  const status = state.outcome?.status ?? 'UnknownError';
  return (
    <>
      <p data-result={status}>{t(resultMessageKey(status))}</p>
      <div className="modal__actions">
        <button type="button" className="button button--secondary" onClick={() => void send({ type: 'tryAnotherKey' })}>
          {t('Error.TryAnother')}
        </button>
        <button type="button" className="button button--primary" onClick={() => void send({ type: 'close' })}>
          {t('Common.Ok')}
        </button>
      </div>
    </>
  );
}
