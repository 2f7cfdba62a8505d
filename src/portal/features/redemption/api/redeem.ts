import { request } from '../../../clients/client';
import type { ApiRedeemRequest } from '../../../../generated/api-types';
import type { RedemptionResult } from '../../../../shared/redemption';

/** POST /api/redemptions/certmaster-platform: a CertMaster platform key, for a linked profile. */
export const redeemOnPlatform = (body: ApiRedeemRequest) =>
  request<RedemptionResult>('entitlements', '/api/redemptions/certmaster-platform', { method: 'POST', body });

/** POST /api/redemptions/redeem: a key of any vendor. */
export const redeemWithVendor = (body: ApiRedeemRequest) =>
  request<RedemptionResult>('entitlements', '/api/redemptions/redeem', { method: 'POST', body });
