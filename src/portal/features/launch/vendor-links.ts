import type { Profile } from '../../clients/profile';
import { vendorFacts } from '../../../shared/vendors';
import type { LaunchVendor } from './launch-plan';

/** Whether the learner has a link to the vendor (/login sends those without one to /). */
export function hasVendorLink(vendor: LaunchVendor, profile: Profile | undefined): boolean {
  // The external id that links a learner to the vendor (src/shared/vendors.ts); vendors without
  // accounts of their own (plain pages, the support desk) need none.
  const id = vendorFacts(vendor)?.externalId;
  if (!id) return true;
  return Boolean((profile?.externalIds as Record<string, unknown> | undefined)?.[id]);
}
