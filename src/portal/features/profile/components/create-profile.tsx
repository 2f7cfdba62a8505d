import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../clients/session';
import { SchemaForm } from '../../../forms/schema-form';
import { useFormSubmission } from '../../../forms/use-form-submission';
import { buildProfilePatch } from '../../../../shared/profile/patch';
import type { ProfileView, StoredProfile } from '../../../../shared/profile/view';
import { useCreateProfile } from '../api/create-profile';

// What the services start a new profile from, as far as the patch is concerned: no addresses or phones yet.
const NEW_PROFILE: StoredProfile = { addresses: [], phoneNumbers: [] };

/**
 * The profile page of an account that has none: the profile form, open, with the account's e-mail
 * address; saving creates the profile (POST /api/profiles/account/{accountId}) with the same rules
 * as every later save, and the page then shows it as usual.
 */
export function CreateProfile() {
  const { t, i18n } = useTranslation(['profile']);
  const session = useSession();
  const { mutateAsync } = useCreateProfile();
  const initial = useMemo<ProfileView>(
    () => ({ ...(session.email ? { email: session.email } : {}), preferences: { language: i18n.language } }),
    [session.email, i18n.language],
  );
  const send = useCallback((data: ProfileView) => mutateAsync(buildProfilePatch(NEW_PROFILE, initial, data)), [mutateAsync, initial]);
  const form = useFormSubmission({ initial, send, successToast: 'Toast.Success.ProfileCreated' });
  return (
    <>
      <h1>{t('NoProfile.CreateTitle')}</h1>
      <p className="page__intro">{t('NoProfile.CreateIntro')}</p>
      <SchemaForm<ProfileView> form="profile" {...form} submitLabel="profile:NoProfile.Submit" />
    </>
  );
}
