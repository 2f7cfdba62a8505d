import type { Profile } from '../../clients/profile';
import { storedPositions } from '../../../shared/profile/view';
import type { LearnerFacts } from './flow/redemption-flow';

/** What the flow needs to know of the profile; without a profile the services decide (UserProfileNotFound). */
export function learnerFacts(profile: Profile | undefined): LearnerFacts {
  if (!profile) return { linked: undefined, hasCompanyAndCountry: true, country: undefined };
  const address = (profile.addresses ?? [])[storedPositions(profile).primaryAddress];
  const country = typeof address?.country === 'string' && address.country ? address.country : undefined;
  const company = typeof profile.company === 'string' ? profile.company.trim() : '';
  return {
    linked: Boolean(profile.externalIds?.certMaster),
    hasCompanyAndCountry: Boolean(company && country),
    country,
  };
}
