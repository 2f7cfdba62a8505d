import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import type { Profile } from '../../../clients/profile';
import { TOAST_DURATION_MS } from '../../../ui/toast/toast';

/** A blocked learner cannot register for exams: back to / with the suspension notice (docs/behaviour.md#roles). */
export function useBlockedRedirect(profile: Profile | undefined): boolean {
  const { t } = useTranslation('profile');
  const navigate = useNavigate();
  const blocked = profile?.isBlocked === true;
  useEffect(() => {
    if (!blocked) return;
    toast.warning(t('Exam.Suspended'), { id: 'exam-suspended', duration: TOAST_DURATION_MS });
    void navigate('/', { replace: true });
  }, [blocked, navigate, t]);
  return blocked;
}
