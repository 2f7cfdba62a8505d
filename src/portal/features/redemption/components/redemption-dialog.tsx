import { type ComponentType, useCallback, useEffect, useRef, useState } from 'react';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useProfile } from '../../../clients/profile';
import type { ModalName } from '../../../clients/form-activity';
import { Modal } from '../../../ui/modal/modal';
import type { View } from '../flow/redemption-flow';
import { useRedemptionApi } from '../hooks/use-redemption-api';
import { useRedemptionFlow } from '../hooks/use-redemption-flow';
import { learnerFacts } from '../learner-facts';
import { CompanyCountryView } from './company-country-view';
import { CoursePickerView } from './course-picker-view';
import { DemographicsView } from './demographics-view';
import type { FlowView } from './flow-view';
import { KeyView } from './key-view';
import { LegacyLoginView } from './legacy-login-view';
import { ErrorView, NoActivationView, SuccessView } from './outcome-views';
import { UpgradeView } from './upgrade-view';
import '../redemption.css';

// Each view is a modal of its own for the view counts (ModalName).
const VIEWS: Record<Exclude<View, 'closed'>, { title: ParseKeys<'redemption'>; Body: ComponentType<FlowView>; modal: ModalName }> = {
  key: { title: 'Redeem.Title', Body: KeyView, modal: 'redeem' },
  upgrade: { title: 'Upgrade.Title', Body: UpgradeView, modal: 'upgrade-account' },
  legacyLogin: { title: 'Link.Title', Body: LegacyLoginView, modal: 'legacy-login' },
  demographics: { title: 'Demographics.Title', Body: DemographicsView, modal: 'demographics' },
  companyCountry: { title: 'CompanyCountry.Title', Body: CompanyCountryView, modal: 'company-country' },
  coursePicker: { title: 'CoursePicker.Title', Body: CoursePickerView, modal: 'course-picker' },
  success: { title: 'Success.Title', Body: SuccessView, modal: 'redemption-success' },
  noActivation: { title: 'NoActivation.Title', Body: NoActivationView, modal: 'no-activation-needed' },
  error: { title: 'Error.Title', Body: ErrorView, modal: 'redemption-error' },
};

const FORM_VIEWS = new Set<View>(['key', 'legacyLogin', 'demographics', 'companyCountry', 'coursePicker']);
const FIELD = 'input:not([type=hidden]):not([disabled]), select, textarea';
const ACTION = 'button:not([disabled]), a[href]';
const FOCUS_WAIT_MS = 5000;

const SUCCESS_TITLES = { upgraded: 'UpgradeSuccess.Title', linked: 'LinkedSuccess.Title' } as const;
const SUCCESS_MODALS = { upgraded: 'upgrade-success', linked: 'linked-successfully' } as const;

/**
 * The redemption modals, one at a time, as the flow moves: each follows the shared modal's closing
 * rules (Escape, overlay, close button), and none closes while a call is in flight.
 */
export default function RedemptionDialog() {
  const { t } = useTranslation('redemption');
  const { profile } = useProfile();
  const profileRef = useRef(profile);
  profileRef.current = profile;
  const facts = useCallback(() => learnerFacts(profileRef.current), []);
  const api = useRedemptionApi();
  const { state, send, busy } = useRedemptionFlow(api, learnerFacts(profile));
  // The dialog's content mounts after the dialog (through a portal): a state ref sees it arrive.
  const [root, setRoot] = useState<HTMLDivElement | null>(null);

  // A new modal takes the focus: a form's first field (its schema may still be loading), else the
  // first button or link. The dialog keeps the focus inside meanwhile.
  useEffect(() => {
    if (!root) return;
    const selector = FORM_VIEWS.has(state.view) ? FIELD : `${FIELD}, ${ACTION}`;
    const focusFirst = () => {
      const first = root.querySelector<HTMLElement>(selector);
      first?.focus();
      return Boolean(first);
    };
    if (focusFirst()) return;
    const observer = new MutationObserver(() => focusFirst() && observer.disconnect());
    observer.observe(root, { childList: true, subtree: true });
    const giveUp = setTimeout(() => observer.disconnect(), FOCUS_WAIT_MS);
    return () => {
      observer.disconnect();
      clearTimeout(giveUp);
    };
  }, [state.view, root]);

  // Closed, the dialog stays mounted so the modal can hand the focus back to the button that opened it.
  const view = state.view === 'closed' ? undefined : VIEWS[state.view];
  const routed = state.view === 'success' && (state.route === 'upgraded' || state.route === 'linked') ? state.route : undefined;
  const titleKey = routed ? SUCCESS_TITLES[routed] : (view?.title ?? 'Redeem.Title');
  return (
    <Modal
      name={routed ? SUCCESS_MODALS[routed] : (view?.modal ?? 'redeem')}
      open={view !== undefined}
      onOpenChange={(open) => !open && void send({ type: 'close' })}
      title={t(titleKey)}
      closingDisabled={busy}
      className={`redemption redemption--${state.view}`}
    >
      {view ? (
        <div ref={setRoot} data-testid="redemption-view" data-view={state.view}>
          <view.Body state={state} send={send} busy={busy} facts={facts} />
        </div>
      ) : null}
    </Modal>
  );
}
