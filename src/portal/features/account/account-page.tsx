import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { useProfile } from '../../clients/profile';
import { usePreloadForm } from '../../forms/schema-form';
import { AccountFrame } from './account-frame';
import { AccountTabs } from './components/account-tabs';
import { SocialLoginNotice } from './components/social-login-notice';
import './account.css';

const SOCIAL_LOGIN = 'socialIdpAuthentication';

/** Login credentials: change e-mail and change password, or a note for social-login users. */
export default function AccountPage() {
  const { t } = useTranslation('account');
  const query = useProfile();
  // The tabs and both forms mount in a transition, in slices, rather than in one long task the
  // moment the profile arrives; the skeleton stays until then.
  const profile = useDeferredValue(query.profile);
  const isPending = query.isPending || (query.profile !== undefined && profile === undefined);
  const { isError } = query;
  // The forms' code loads while the profile is fetched; the heading paints before either.
  usePreloadForm('email');
  usePreloadForm('password');
  return (
    <AccountFrame pending={isPending} loadError={isError && t('Account.LoadError')}>
      {profile && (profile.authenticationSource === SOCIAL_LOGIN ? <SocialLoginNotice /> : <AccountTabs profile={profile} />)}
    </AccountFrame>
  );
}
