import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { prepareNextSignIn } from '../../../auth/sign-in';
import { EditSection } from '../../../forms/edit-section';
import { SchemaForm } from '../../../forms/schema-form';
import { type EditToggle, useEditToggle } from '../../../forms/use-edit-toggle';
import { useChangeEmail } from '../api/change-email';
import { useSendEmailVerificationCode } from '../api/send-email-verification-code';
import { knownStatuses } from '../../../forms/errors/server-errors';
import { useFormSubmission } from '../../../forms/use-form-submission';
import { EMAIL_CHANGE_LOGOUT_MS, LOGOUT_PATH } from '../logout';
import { ResendCode } from './resend-code';

export interface EmailForm {
  currentEmail?: string;
  alternateEmail?: string;
  email?: string;
  currentPassword?: string;
  verificationCodeSent?: boolean;
  verificationCode?: string;
}

// Too many password or code attempts: said at the field the learner typed into.
const sendUnderstood = knownStatuses({ 429: { '/currentPassword': 'Validation.TooManyAttempts' } });
const verifyUnderstood = knownStatuses({ 429: { '/verificationCode': 'Validation.TooManyAttempts' } });

interface Props {
  currentEmail: string;
  alternateEmail?: string;
}

/** docs/behaviour.md#states-and-transitions: step 1 sends a code to the new address, step 2 changes the e-mail with it, then sign-out. */
export function ChangeEmailForm({ currentEmail, alternateEmail }: Props) {
  const { t } = useTranslation(['account']);
  const [codeSentFor, setCodeSentFor] = useState<EmailForm>();
  const [changed, setChanged] = useState(false);
  const toggle = useEditToggle();
  const heading = useRef<HTMLHeadingElement>(null);
  // Once the address is changed the form goes, and the button pressed with it: the focus goes to the
  // section's heading, right above the notice.
  useEffect(() => {
    if (changed) heading.current?.focus();
  }, [changed]);

  return (
    <section aria-labelledby="change-email-heading">
      <EditSection
        // Step 2 is part of the edit: its Cancel gives the focus back to Edit like step 1's, and
        // reaching it puts the focus in its first field (the code).
        toggle={changed ? undefined : codeSentFor ? { ...toggle, mode: 'edit' } : toggle}
        step={codeSentFor ? 'code' : 'address'}
        editLabel={t('Email.EditTop')}
        heading={
          <h2 id="change-email-heading" ref={heading} tabIndex={-1}>
            {t('Email.Heading')}
          </h2>
        }
      >
        {/* The region is there before it speaks: a live region inserted with its text is not
            announced by every screen reader and browser. */}
        <div role="status">{changed ? <p className="account-notice">{t('Email.LoggingOut')}</p> : null}</div>
        {changed ? null : codeSentFor ? (
          <VerifyStep
            sent={codeSentFor}
            onCancel={() => {
              setCodeSentFor(undefined);
              toggle.cancel();
            }}
            onChanged={() => setChanged(true)}
          />
        ) : (
          <SendStep currentEmail={currentEmail} alternateEmail={alternateEmail} toggle={toggle} onSent={setCodeSentFor} />
        )}
      </EditSection>
    </section>
  );
}

function SendStep({ currentEmail, alternateEmail, toggle, onSent }: Props & { toggle: EditToggle; onSent: (data: EmailForm) => void }) {
  const { t } = useTranslation(['account']);
  const { mutateAsync } = useSendEmailVerificationCode();
  const initial = useMemo<EmailForm>(() => ({ currentEmail, alternateEmail }), [currentEmail, alternateEmail]);
  const send = useCallback(
    async (data: EmailForm) => {
      await mutateAsync({ currentPassword: data.currentPassword ?? '', email: data.email ?? '' });
      onSent(data);
    },
    [mutateAsync, onSent],
  );
  const form = useFormSubmission({ initial, send, successToast: 'Toast.Success.VerificationCodeSent', toggle, understood: sendUnderstood });
  return (
    <>
      <p>{t('Email.Step1Intro')}</p>
      <SchemaForm<EmailForm> form="email" {...form} submitLabel="account:Email.SendCode" />
    </>
  );
}

function VerifyStep({ sent, onCancel, onChanged }: { sent: EmailForm; onCancel: () => void; onChanged: () => void }) {
  const { t } = useTranslation(['account']);
  const navigate = useNavigate();
  const { mutateAsync } = useChangeEmail();
  const initial = useMemo<EmailForm>(() => ({ ...sent, verificationCodeSent: true }), [sent]);
  // Step 2 is always in edit mode; its Cancel goes back to step 1.
  const toggle = useMemo<EditToggle>(() => ({ mode: 'edit', edit: () => undefined, cancel: onCancel, done: () => undefined, cancels: 0 }), [onCancel]);
  const send = useCallback(
    async (data: EmailForm) => {
      await mutateAsync(data.verificationCode ?? '');
      onChanged();
      // The sign-in page that follows the sign-out says why, and offers the new address.
      if (sent.email) prepareNextSignIn('email_changed', sent.email);
      // Not tied to this component: the sign-out must happen even if the learner leaves the page.
      window.setTimeout(() => void navigate(LOGOUT_PATH), EMAIL_CHANGE_LOGOUT_MS);
    },
    [mutateAsync, navigate, onChanged, sent.email],
  );
  const form = useFormSubmission({ initial, send, successToast: 'Toast.Success.EmailEdited', toggle, understood: verifyUnderstood });
  return (
    <>
      <p>{t('Email.Step2Intro', { email: sent.email })}</p>
      <SchemaForm<EmailForm> form="email" {...form} submitLabel="account:Email.Submit" />
      <ResendCode />
    </>
  );
}
