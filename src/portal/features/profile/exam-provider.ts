import type { Profile } from '../../clients/profile';

/** The Pearson VUE candidate id, when the learner already has one. */
export const examProviderId = (profile: Pick<Profile, 'externalIds'> | undefined): string | undefined =>
  profile?.externalIds?.pearsonVue || undefined;

export const hasExamProviderId = (profile: Pick<Profile, 'externalIds'> | undefined): boolean => Boolean(examProviderId(profile));
