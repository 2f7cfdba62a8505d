import { useTranslation } from 'react-i18next';

/** Social-login users manage their e-mail and password at their provider (spec section 6). */
export function SocialLoginNotice() {
  const { t } = useTranslation('account');
  return (
    <p className="account-notice" data-testid="social-login-notice">
      {t('Account.SocialLogin')}
    </p>
  );
}
