import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useProfile } from '../../api/profile';
import { fields as formFields } from '../../../generated/forms/profile';
import { SchemaForm } from '../../forms/SchemaForm';
import { useEditToggle } from '../../forms/useEditToggle';
import { ReturnLink } from '../../ui/links/ReturnLink';
import { Skeleton } from '../../ui/skeleton/Skeleton';
import { buildProfilePatch } from '../../../shared/profile/patch';
import type { ProfileView } from '../../../shared/profile/view';
import { usePatchProfile } from './api/patch-profile';
import { ExamProfileLink } from './components/ExamProfileLink';
import { GuardianConsentNote } from './components/GuardianConsentNote';
import { useFormSubmission } from '../../forms/useFormSubmission';
import { useFormView } from './hooks/useFormView';
import './profile.css';

export default function ProfilePage() {
  const { t } = useTranslation('profile');
  const { profile, etag, isPending, isError } = useProfile();
  const view = useFormView(formFields, profile);
  const toggle = useEditToggle();
  const { mutateAsync } = usePatchProfile();

  const send = useCallback(
    async (data: ProfileView) => {
      if (!profile || !view) return;
      await mutateAsync({ profileId: profile.id, etag, patch: buildProfilePatch(profile, view, data) });
    },
    [profile, view, etag, mutateAsync],
  );
  const form = useFormSubmission({ initial: view, send, successToast: 'Toast.Success.ProfileEdited', toggle });

  return (
    <div className="page profile-page">
      <ReturnLink />
      <h1>{t('Profile.Title')}</h1>
      <p className="profile-page__intro">{t('Profile.Intro')}</p>
      {isPending && <Skeleton lines={6} />}
      {isError && <p role="alert">{t('Profile.LoadError')}</p>}
      {profile && form.formData && (
        <>
          <GuardianConsentNote profile={profile} />
          <ExamProfileLink profile={profile} />
          <SchemaForm<ProfileView>
            form="profile"
            {...form}
          />
        </>
      )}
    </div>
  );
}
