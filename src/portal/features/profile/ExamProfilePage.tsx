import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useProfile } from '../../api/profile';
import { SchemaForm } from '../../forms/SchemaForm';
import { Skeleton } from '../../ui/skeleton/Skeleton';
import type { ProfileView } from '../../../shared/profile-view';
import { useCreateCandidate } from './api/create-candidate';
import { GuardianConsentNote } from './components/GuardianConsentNote';
import { LegalNameWarning } from './components/LegalNameWarning';
import { examProviderId } from './examProvider';
import { useBlockedRedirect } from './hooks/useBlockedRedirect';
import { useFormSubmission } from './hooks/useFormSubmission';
import { useFormView } from './hooks/useFormView';
import './profile.css';

/** The exam-delivery (Pearson VUE) demographic form: creates the learner's candidate record. */
export default function ExamProfilePage() {
  const { t } = useTranslation('profile');
  const { profile, isPending, isError } = useProfile();
  const blocked = useBlockedRedirect(profile);
  const view = useFormView('exam', profile);
  const candidateId = examProviderId(profile);
  const { mutateAsync } = useCreateCandidate();

  const context = useMemo(() => ({ hasExamProviderId: Boolean(candidateId) }), [candidateId]);
  const send = useCallback(
    async (data: ProfileView) => {
      if (profile) await mutateAsync({ form: data, profileId: profile.id });
    },
    [profile, mutateAsync],
  );
  const form = useFormSubmission({ initial: view, send, successToast: 'profile:Toast.CandidateCreated' });

  return (
    <div className="page profile-page">
      <h1>{t('Exam.Title')}</h1>
      <p className="profile-page__intro">{t('Exam.Intro')}</p>
      {isPending && <Skeleton lines={6} />}
      {isError && <p role="alert">{t('Profile.LoadError')}</p>}
      {profile && !blocked && form.formData && (
        <>
          {candidateId && <p className="profile-page__candidate">{t('Exam.CandidateReady', { id: candidateId })}</p>}
          <GuardianConsentNote profile={profile} />
          <LegalNameWarning locked={Boolean(candidateId)} />
          <SchemaForm<ProfileView>
            form="exam"
            formData={form.formData}
            onSubmit={form.onSubmit}
            context={context}
            serverErrors={form.serverErrors}
          />
        </>
      )}
    </div>
  );
}
