import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { usePortalConfig } from '../../clients/config';
import { useProfile } from '../../clients/profile';
import { fields as formFields } from '../../../generated/fields/exam';
import { SchemaForm, usePreloadForm } from '../../forms/schema-form';
import { ExamFrame } from './exam-frame';
import { isAbsoluteUrl, resolveReturnTo } from '../../ui/links/return-to';
import type { ProfileView } from '../../../shared/profile/view';
import { useCreateCandidate } from './api/create-candidate';
import { GuardianConsentNote } from './components/guardian-consent-note';
import { LegalNameWarning } from './components/legal-name-warning';
import { examProviderId } from './exam-provider';
import { useBlockedRedirect } from './hooks/use-blocked-redirect';
import { useFormSubmission } from '../../forms/use-form-submission';
import { useFormView } from './hooks/use-form-view';
import './profile.css';
import { profileFlags } from '../../../shared/profile/locks';

/** The exam-delivery (Pearson VUE) demographic form: creates the learner's candidate record. */
export default function ExamProfilePage() {
  const { t } = useTranslation(['profile']);
  const { profile, isPending, isError } = useProfile();
  usePreloadForm('exam');
  const blocked = useBlockedRedirect(profile);
  const view = useFormView(formFields, profile);
  const candidateId = examProviderId(profile);
  const { mutateAsync } = useCreateCandidate();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { redirectWhitelist } = usePortalConfig();
  const returnTo = params.get('returnto');

  // The same flags the services read the ui file's locks with (src/shared/profile/locks.ts).
  const context = useMemo(() => profileFlags(profile), [profile]);
  const send = useCallback(
    async (data: ProfileView) => {
      if (!profile) return;
      await mutateAsync({ form: data, profileId: profile.id });
      // An exam entry point that sent the learner here (returnto) gets them back once the candidate exists.
      if (!returnTo) return;
      const target = resolveReturnTo(returnTo, redirectWhitelist, window.location.origin);
      if (isAbsoluteUrl(target)) window.location.assign(target);
      else void navigate(target);
    },
    [profile, mutateAsync, returnTo, redirectWhitelist, navigate],
  );
  const form = useFormSubmission({ initial: view, send, successToast: 'profile:Toast.CandidateCreated', draft: 'exam' });

  return (
    <ExamFrame pending={isPending} loadError={isError && t('Profile.LoadError')}>
      {profile && !blocked && form.formData && (
        <>
          {candidateId && <p className="profile-page__candidate">{t('Exam.CandidateReady', { id: candidateId })}</p>}
          <GuardianConsentNote profile={profile} />
          <LegalNameWarning locked={Boolean(candidateId)} />
          <SchemaForm<ProfileView> form="exam" {...form} context={context} />
        </>
      )}
    </ExamFrame>
  );
}
