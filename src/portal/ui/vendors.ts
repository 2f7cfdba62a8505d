import { vendorFacts } from '../../shared/vendors';

/** A vendor's display name, as a portal text key (src/shared/vendors.ts); some vendors have none. */
export function vendorNameKey(vendor: string): string | undefined {
  return vendorFacts(vendor)?.nameKey;
}
