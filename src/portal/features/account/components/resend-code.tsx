import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../ui/toast/toast';
import { useResendEmailVerificationCode } from '../api/resend-email-verification-code';

/** Resend of the verification code; a failure shows the documented resend fallback text (docs/behaviour.md#errors) under the button. */
export function ResendCode() {
  const { t } = useTranslation('account');
  const { mutate, isPending } = useResendEmailVerificationCode();
  const [failed, setFailed] = useState(false);
  const resend = () => {
    setFailed(false);
    mutate(undefined, {
      onSuccess: () => notifySuccess('Toast.Success.VerificationCodeSent'),
      onError: () => setFailed(true),
    });
  };
  return (
    <div className="account-resend">
      <button type="button" className="button button--secondary" onClick={resend} disabled={isPending} aria-busy={isPending || undefined}>
        {t('Email.Resend')}
      </button>
      {failed && (
        <p role="alert" className="account-resend__error">
          {t('Email.ResendFallback')}
        </p>
      )}
    </div>
  );
}
