import { lazy, type ReactNode } from 'react';
import { useProfile } from '../../clients/profile';

// Only accounts without a profile ever see it: its code loads then, not with the shell.
const NoProfilePage = lazy(async () => ({ default: (await import('../../features/profile/no-profile-page')).NoProfilePage }));

/**
 * A page that needs the learner's profile (home, training, exams, account, certifications): for an
 * account without one it is replaced by the page that says so and leads to creating it, rather
 * than a page that waits for a profile that will not come.
 */
export function ProfileRequired({ children }: { children: ReactNode }) {
  const { missing } = useProfile();
  return missing ? <NoProfilePage /> : children;
}
