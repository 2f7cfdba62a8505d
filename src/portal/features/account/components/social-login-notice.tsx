import { useTranslation } from 'react-i18next';

/** Social-login users manage their e-mail and password at their provider (docs/behaviour.md#roles). */
export function SocialLoginNotice() {
  const { t } = useTranslation('account');
  return (
    <p className="account-notice" data-testid="social-login-notice">
      {t('Account.SocialLogin')}
    </p>
  );
}
