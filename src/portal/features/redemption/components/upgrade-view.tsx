import { useTranslation } from 'react-i18next';
import type { FlowView } from './flow-view';

/** The upgrade account modal: connect an unlinked legacy account, or go on without one. */
export function UpgradeView({ state, send, busy }: FlowView) {
  const { t } = useTranslation('redemption');
  return (
    <>
      <p>{t(state.legacyAccountFound ? 'Upgrade.FoundText' : 'Upgrade.Text')}</p>
      <div className="modal__actions modal__actions--stacked">
        <button type="button" className="button button--secondary" disabled={busy} onClick={() => void send({ type: 'connectAccount' })}>
          {t('Upgrade.Connect')}
        </button>
        <button
          type="button"
          className="button button--primary"
          disabled={busy}
          aria-busy={busy || undefined}
          onClick={() => void send({ type: 'noUnlinkedAccount' })}
        >
          {busy ? <span className="spinner" role="status" aria-label={t('Common.Working')} /> : null}
          {t('Upgrade.NoUnlinkedAccount')}
        </button>
      </div>
    </>
  );
}
