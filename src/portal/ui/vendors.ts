/**
 * Display names of vendors (spec section 3), as portal locale keys. The lookup has no entry for
 * optimizely or zendesk, so those show no vendor name.
 */
const VENDOR_NAME_KEYS: Readonly<Record<string, string>> = {
  benchPrep: 'portal:Vendors.benchPrep',
  canvas: 'portal:Vendors.canvas',
  certMaster: 'portal:Vendors.certMaster',
  certMasterPractice: 'portal:Vendors.certMasterPractice',
  certMetrics: 'portal:Vendors.certMetrics',
  gutenberg: 'portal:Vendors.gutenberg',
  pearsonVue: 'portal:Vendors.pearsonVue',
  populi: 'portal:Vendors.populi',
  skillable: 'portal:Vendors.skillable',
};

export function vendorNameKey(vendor: string): string | undefined {
  return Object.hasOwn(VENDOR_NAME_KEYS, vendor) ? VENDOR_NAME_KEYS[vendor] : undefined;
}
