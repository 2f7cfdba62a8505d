import { profileKeys } from '../../../clients/profile';

/** Every query and mutation key of the profile feature; the stored profile is the shared profile query. */
export const profileFeatureKeys = {
  all: profileKeys.all,
  profile: profileKeys.account,
  patch: (profileId: string) => [...profileKeys.all, 'patch', profileId] as const,
  candidate: (profileId: string) => [...profileKeys.all, 'pearson-candidate', profileId] as const,
};
