import type { Profile } from '../../clients/profile';
import type { LaunchVendor } from './launch-plan';

// The external id that links a learner to a vendor (spec section 3: externalIds). Vendors without an
// account of their own (plain pages, the support desk) need none.
const LINK_IDS: Partial<Record<LaunchVendor, 'pearsonVue' | 'certMaster' | 'certMasterPractice' | 'skillable' | 'canvas' | 'populi' | 'benchPrep'>> = {
  pearsonVue: 'pearsonVue',
  certMaster: 'certMaster',
  skillable: 'skillable',
  canvas: 'canvas',
  populi: 'populi',
  benchPrep: 'benchPrep',
};

/** Whether the learner has a link to the vendor (/login sends those without one to /). */
export function hasVendorLink(vendor: LaunchVendor, profile: Profile | undefined): boolean {
  const id = LINK_IDS[vendor];
  if (!id) return true;
  return Boolean(profile?.externalIds?.[id]);
}
