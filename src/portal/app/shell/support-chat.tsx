import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { usePortalConfig } from '../../clients/config';
import { useProfile } from '../../clients/profile';
import { displayNameOf } from '../../ui/names';

const TICKET_FORMS = ['AccessKeys', 'ExamVouchers', 'ExamScheduling', 'Certifications', 'ContinuingEducation', 'Courseware', 'Orders', 'Account', 'Other'] as const;

/**
 * The support desk's chat widget (spec section 9): the partner's own script, loaded from the
 * partner's origin (the page's policy admits that origin for scripts and styles, nothing inline).
 * It opens on the support team department with nine ticket forms, and the learner's name and email
 * prefilled read-only; the texts travel as data attributes, so the widget speaks the portal's language.
 */
export function SupportChat() {
  const { t, i18n } = useTranslation('portal');
  const { partners } = usePortalConfig();
  const { profile } = useProfile();
  const source = partners?.zendeskWidget;
  const name = displayNameOf(profile);
  const email = profile?.email ?? '';

  useEffect(() => {
    if (!source || !URL.canParse(source) || !email) return;
    const script = document.createElement('script');
    script.src = new URL(source).href;
    script.async = true;
    Object.assign(script.dataset, {
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
    });
    document.body.append(script);
    return () => {
      script.remove();
      for (const element of document.querySelectorAll('[data-support-chat]')) element.remove();
    };
  }, [source, name, email, t, i18n.language]);
  return null;
}
