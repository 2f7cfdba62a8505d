import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useProfile } from '../../clients/profile';
import { fields as formFields } from '../../../generated/fields/profile';
import { EditSection } from '../../forms/edit-section';
import { SchemaForm, usePreloadForm } from '../../forms/schema-form';
import { useEditToggle } from '../../forms/use-edit-toggle';
import { PageFrame, PageLoadState } from '../../ui/page/page-frame';
import { buildProfilePatch } from '../../../shared/profile/patch';
import type { ProfileView } from '../../../shared/profile/view';
import { usePatchProfile } from './api/patch-profile';
import { CreateProfile } from './components/create-profile';
import { ExamProfileLink } from './components/exam-profile-link';
import { GuardianConsentNote } from './components/guardian-consent-note';
import { knownStatuses } from '../../forms/errors/server-errors';
import { useFormSubmission } from '../../forms/use-form-submission';
import { useFormView } from './hooks/use-form-view';
import './profile.css';

// 412: the profile changed elsewhere since it was read. It is read again and the learner's edits are
// kept on top of it (usePatchProfile, useFormSubmission); the form says so, and Save sends them again.
const understood = knownStatuses({ 412: { '': 'Validation.ProfileChanged' } });

export default function ProfilePage() {
  const { t } = useTranslation('profile');
  const { profile, etag, isPending, isError, missing } = useProfile();
  // The form's code loads while the profile is fetched; the heading and intro paint before either.
  usePreloadForm('profile');
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
  const form = useFormSubmission({ initial: view, send, successToast: 'Toast.Success.ProfileEdited', toggle, understood, draft: 'profile' });

  if (missing) {
    return (
      <PageFrame name="profile-page" returnLink>
        <CreateProfile />
      </PageFrame>
    );
  }
  return (
    <PageFrame name="profile-page" returnLink>
      <EditSection toggle={profile && form.formData ? form.editToggle : undefined} editLabel={t('Profile.EditTop')} heading={<h1>{t('Profile.Title')}</h1>}>
        <p className="page__intro">{t('Profile.Intro')}</p>
        <PageLoadState pending={isPending} skeletonLines={6} loadError={isError && t('Profile.LoadError')} />
        {profile && form.formData && (
          <>
            <GuardianConsentNote profile={profile} />
            <ExamProfileLink profile={profile} />
            <SchemaForm<ProfileView> form="profile" {...form} />
          </>
        )}
      </EditSection>
    </PageFrame>
  );
}
