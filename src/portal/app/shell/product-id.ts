import type { Profile } from '../../clients/profile';

/** The profile field that holds the provider's product ID ({product}Id in docs/behaviour.md#entities). */
export const PRODUCT_ID_FIELD = 'productId';

export function productIdOf(profile: Profile | undefined): string | undefined {
  const value = profile?.[PRODUCT_ID_FIELD];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}
