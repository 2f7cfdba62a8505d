import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePortalConfig } from '../../../clients/config';
import { fetchCertMetricsToken } from '../../../clients/partner-tokens';
import { useProfile } from '../../../clients/profile';
import { useAccountId } from '../../../clients/session';
import { type CertificationSection, type FrameMessage, frameSource, isAllowedOrigin } from '../frame-protocol';
import { useFrameHandshake } from '../use-frame-handshake';
import '../certification.css';

export interface CertificationFrameProps {
  /** On a certification route: shown; elsewhere hidden but kept alive (not unmounted). */
  active: boolean;
  section: CertificationSection;
  onManageExams: () => void;
  onEditAddress: () => void;
}

/**
 * The certification partner's page in a frame, 70 px from the top and 100vh - 100px high (docs/behaviour.md#screens-and-routes). The app mounts it on the first certification route and keeps it afterwards.
 */
export function CertificationFrame({ active, section, onManageExams, onEditAddress }: CertificationFrameProps) {
  const { t, i18n } = useTranslation('certification');
  const { certificationFrame } = usePortalConfig();
  const { profile } = useProfile();
  const accountId = useAccountId();
  const frame = useRef<HTMLIFrameElement>(null);
  const [attempt, setAttempt] = useState(0);
  // The address is fixed when the frame is first shown: sections change by message, not by reload.
  const [source] = useState(() => (certificationFrame ? frameSource(certificationFrame.url, section, i18n.language) : null));
  const allowedOrigins = useMemo(() => certificationFrame?.allowedOrigins ?? [], [certificationFrame]);
  const frameOrigin = source?.origin ?? '';

  const { state, onLoad, post } = useFrameHandshake({
    frame,
    frameOrigin,
    allowedOrigins,
    fetchToken: () => fetchCertMetricsToken(profile?.ssoId ?? accountId),
    onRequest: (message: FrameMessage) => (message.type === 'frame:manage-exams' ? onManageExams() : onEditAddress()),
  });

  useEffect(() => {
    if (state === 'initialised') post({ type: 'portal:show', section });
  }, [post, section, state]);

  // A frame on an origin the portal does not accept messages from would never be answered.
  if (!source || !isAllowedOrigin(frameOrigin, allowedOrigins)) {
    return active ? (
      <p className="certification-frame__notice" role="alert">
        {t('Frame.Unavailable')}
      </p>
    ) : null;
  }
  return (
    <>
      <iframe
        key={attempt}
        ref={frame}
        src={source.href}
        title={t('Frame.Title')}
        className="certification-frame"
        hidden={!active || state === 'failed'}
        data-state={state}
        onLoad={onLoad}
      />
      {active && state === 'failed' ? (
        <div className="certification-frame__notice" role="alert">
          <p>{t('Frame.Failed')}</p>
          <button type="button" className="button button--primary" onClick={() => setAttempt((n) => n + 1)}>
            {t('Frame.Retry')}
          </button>
        </div>
      ) : null}
    </>
  );
}
