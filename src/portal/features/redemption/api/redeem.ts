import { request } from '../../../clients/client';
import type { ApiRedeemRequest } from '../../../../generated/api-types';
import type { RedemptionResult } from '../../../../shared/redemption';

// The answers are read as src/shared/redemption.ts's RedemptionResult, which the services answer
// from (entitlements/service.ts): a known status code, products with their title and code.

/** POST /api/redemptions/certmaster-platform: a CertMaster platform key, for a linked profile. */
export const redeemOnPlatform = (body: ApiRedeemRequest) =>
  request('entitlements', 'POST', '/api/redemptions/certmaster-platform', { body }) as Promise<RedemptionResult>;

/** POST /api/redemptions/redeem: a key of any vendor. */
export const redeemWithVendor = (body: ApiRedeemRequest) => request('entitlements', 'POST', '/api/redemptions/redeem', { body }) as Promise<RedemptionResult>;
