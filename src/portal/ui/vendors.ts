import { isVendor, type Vendor, VENDORS } from '../../shared/vendors';

/** The name keys of the vendor table, as written there: the portal's typed `t` checks each. */
type VendorNameKey = { [V in Vendor]: (typeof VENDORS)[V] extends { nameKey: infer Key } ? Key : never }[Vendor];

/** A vendor's display name, as a portal text key (src/shared/vendors.ts); some vendors have none. */
export function vendorNameKey(vendor: string): VendorNameKey | undefined {
  if (!isVendor(vendor)) return undefined;
  const facts = VENDORS[vendor];
  return 'nameKey' in facts ? facts.nameKey : undefined;
}
