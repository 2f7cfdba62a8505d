import type { Profile } from '../../clients/profile';

/** The Pearson VUE candidate id, when the learner already has one. */
export const examProviderId = (profile: Pick<Profile, 'externalIds'> | undefined): string | undefined => profile?.externalIds?.pearsonVue || undefined;
