import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePortalConfig } from '../../clients/config';
import { useProfile } from '../../clients/profile';
import { ChatIcon } from '../../ui/brand/icons';
import { displayNameOf } from '../../ui/names';
import { notifyError } from '../../ui/toast/toast';
import { loadSupportChat, removeSupportChat } from './support-chat-loader';

const TICKET_FORMS = [
  'AccessKeys',
  'ExamVouchers',
  'ExamScheduling',
  'Certifications',
  'ContinuingEducation',
  'Courseware',
  'Orders',
  'Account',
  'Other',
] as const;

type ChatState = 'idle' | 'loading' | 'ready';

/**
 * The support desk's chat widget (docs/behaviour.md#constants): the partner's own script, loaded from the
 * partner's origin (the page's policy admits that origin for scripts and styles, nothing inline),
 * and only when the learner asks for it, so no partner code runs for learners who never need it.
 * It opens on the support team department with nine ticket forms, and the learner's name and email
 * prefilled read-only; the texts travel as data attributes, so the widget speaks the portal's language.
 *
 * Until then the portal shows its own button in the place of the widget's. The first press loads the
 * script and opens the widget's panel through the widget's own toggle (which moves focus into the
 * panel); the portal's button then goes away, leaving the widget's toggle as the only one, which is
 * where the widget returns focus on Escape.
 *
 * The button sits in the bottom-right corner (styles.css); below 768 px it is a round icon whose
 * text stays in the page for screen readers, so its name is the same at every width.
 */
export function SupportChat() {
  const { t, i18n } = useTranslation('portal');
  const { partners } = usePortalConfig();
  const { profile } = useProfile();
  const source = partners?.zendeskWidget;
  const name = displayNameOf(profile);
  const email = profile?.email ?? '';
  const [state, setState] = useState<ChatState>('idle');
  // Each load belongs to one set of texts and one learner; a load that finishes after they changed
  // (or after the shell went away) is dropped.
  const generation = useRef(0);

  const data = useMemo(
    () => ({
      name,
      email,
      label: t('SupportChat.Open'),
      title: t('SupportChat.Title'),
      nameLabel: t('SupportChat.Name'),
      emailLabel: t('SupportChat.Email'),
      departmentLabel: t('SupportChat.DepartmentLabel'),
      department: t('SupportChat.Department'),
      ticketFormLabel: t('SupportChat.TicketFormLabel'),
      ticketForms: TICKET_FORMS.map((form) => t(`SupportChat.TicketForms.${form}`)).join('|'),
      lang: i18n.language,
    }),
    [name, email, t, i18n.language],
  );

  // A widget loaded with other texts or for another learner would show stale words: take it out,
  // and the portal's button comes back to load it afresh.
  useEffect(
    () => () => {
      generation.current += 1;
      removeSupportChat();
      setState('idle');
    },
    [data],
  );

  if (!source || !URL.canParse(source) || !email || state === 'ready') return null;

  const open = async () => {
    if (state === 'loading') return;
    const current = ++generation.current;
    setState('loading');
    try {
      const toggle = await loadSupportChat(source, data);
      if (current !== generation.current) return;
      toggle.click();
      setState('ready');
    } catch (error) {
      if (current !== generation.current) return;
      removeSupportChat();
      setState('idle');
      notifyError(error);
    }
  };

  return (
    <button
      type="button"
      className="support-chat-launcher"
      data-testid="support-chat-launcher"
      aria-busy={state === 'loading' || undefined}
      onClick={() => void open()}
    >
      <ChatIcon />
      <span className="support-chat-launcher__text">{t('SupportChat.Open')}</span>
    </button>
  );
}
