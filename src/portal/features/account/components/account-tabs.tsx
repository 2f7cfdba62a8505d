import { useState } from 'react';
import * as Tabs from '@radix-ui/react-tabs';
import { useTranslation } from 'react-i18next';
import type { Profile } from '../../../clients/profile';
import { ChangeEmailForm } from './change-email-form';
import { ChangePasswordForm } from './change-password-form';
import { pageDirection } from '../../../ui/texts/page-direction';

/** The two tabs of the account page; Radix gives them the tab roles and arrow-key movement. */
export function AccountTabs({ profile }: { profile: Profile }) {
  const { t } = useTranslation('account');
  const email = profile.email ?? '';
  const [tab, setTab] = useState('email');
  return (
    <Tabs.Root value={tab} onValueChange={setTab} className="account-tabs" dir={pageDirection()}>
      <Tabs.List aria-label={t('Account.TabsLabel')} className="account-tabs__list">
        <Tabs.Trigger value="email" className="account-tabs__tab">
          {t('Email.Tab')}
        </Tabs.Trigger>
        <Tabs.Trigger value="password" className="account-tabs__tab">
          {t('Password.Tab')}
        </Tabs.Trigger>
      </Tabs.List>
      {/* Both panels stay mounted, so a half-done e-mail change survives a look at the other tab;
          Radix leaves force-mounted panels visible, hence the explicit hidden. */}
      <Tabs.Content value="email" forceMount hidden={tab !== 'email'} className="account-tabs__panel">
        <ChangeEmailForm currentEmail={email} alternateEmail={profile.alternateEmail} />
      </Tabs.Content>
      <Tabs.Content value="password" forceMount hidden={tab !== 'password'} className="account-tabs__panel">
        <ChangePasswordForm email={email} />
      </Tabs.Content>
    </Tabs.Root>
  );
}
