import { lazy, Suspense, useEffect, useState } from 'react';
import { matchPath, useLocation, useNavigate } from 'react-router-dom';
import { usePortalConfig } from '../../clients/config';
import { useProfile } from '../../clients/profile';
import { isCertificationSection } from '../../features/certification/frame-protocol';
import { useAddressEditor } from '../../features/fulfilment/address-editor';
import { PEARSON_ACTIONS } from '../../features/launch/launch-plan';
import { useLaunch } from '../../features/launch/use-launch';

// The frame's code loads with the first certification route, not with the shell.
const CertificationFrame = lazy(async () => ({
  default: (await import('../../features/certification/components/certification-frame')).CertificationFrame,
}));

/**
 * Whether the certification frame is shown on this page: a certification route, the feature on, and
 * a profile (an account without one sees the page that says so there, not the partner's page). The
 * frame covers the page from below the header (docs/behaviour.md#constants), the footer included.
 */
export function useCertificationFrameShown(): boolean {
  const { flags } = usePortalConfig();
  const { pathname } = useLocation();
  const { missing } = useProfile();
  return flags.certmetrics && matchPath('/certification/*', pathname) !== null && !missing;
}

/**
 * The certification frame lives in the shell, not in a route: mounted on the first certification
 * route and kept alive (hidden) on the others. Its two requests reach other features through the
 * app: exam management is the exam-delivery partner's Manage Exams, the address editor is the
 * fulfilment feature's modal.
 */
export function CertificationFrameHost() {
  const { pathname } = useLocation();
  const match = matchPath('/certification/*', pathname);
  const active = useCertificationFrameShown();
  const [mounted, setMounted] = useState(active);
  useEffect(() => {
    if (active) setMounted(true);
  }, [active]);
  const requested = match?.params['*'];
  const [section, setSection] = useState(isCertificationSection(requested) ? requested : 'certifications');
  useEffect(() => {
    if (isCertificationSection(requested)) setSection(requested);
  }, [requested]);

  const manageExams = useManageExams();
  const { openAddressEditor } = useAddressEditor();
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <CertificationFrame active={active} section={section} onManageExams={manageExams} onEditAddress={openAddressEditor} />
    </Suspense>
  );
}

/** Manage Exams as the exams card does it: the exam form first without a candidate id; none when blocked. */
function useManageExams() {
  const { profile } = useProfile();
  const { launch } = useLaunch();
  const navigate = useNavigate();
  return () => {
    if (!profile) return;
    // A blocked learner reads the suspension notice on the exams card.
    if (profile.isBlocked) void navigate('/home');
    else if (!profile.externalIds?.pearsonVue) void navigate('/profile/pearson');
    else void launch('pearsonVue', { pearsonAction: PEARSON_ACTIONS.manage }, { id: 'manage', sameWindow: true });
  };
}
