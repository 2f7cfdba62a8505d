import { profileKeys } from '../../../clients/profile';

/** The mutation keys of the profile feature; the stored profile itself is the shared profile query (profileKeys). */
export const profileMutationKeys = {
  patch: (accountId: string) => [...profileKeys.all, 'patch', accountId] as const,
  candidate: (accountId: string) => [...profileKeys.all, 'pearson-candidate', accountId] as const,
  create: (accountId: string) => [...profileKeys.all, 'create', accountId] as const,
};
