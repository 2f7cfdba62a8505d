// The redemption result codes of docs/behaviour.md#redemption-result-codes, in their numeric order.
export const RedemptionStatus = {
  Success: 0,
  InvalidKey: 1,
  CanExtendAccess: 2,
  UserProfileNotFound: 3,
  HasProductAlready: 4,
  ReservationNotFound: 5,
  ReservationAlreadyUsed: 6,
  ReservationExpired: 7,
  ReservationOverUsed: 8,
  BadExpiration: 9,
  DuplicateReservationForUser: 10,
  InvalidReservation: 11,
  Ls5ReservationNotSupportedSchools: 12,
  Ls5ReservationNotSupportedTrials: 13,
  UnknownError: 14,
  TempAccessAlreadyUsed: 15,
  ReservationNotActiveYet: 16,
  SingleProductLinkReservationsMustActivateSubLicenses: 17,
} as const;

export type RedemptionStatusName = keyof typeof RedemptionStatus;
export type RedemptionStatusCode = (typeof RedemptionStatus)[RedemptionStatusName];

export const redemptionStatusNames = Object.keys(RedemptionStatus) as RedemptionStatusName[];

/** Name of a code; unknown codes read as UnknownError, the documented default. */
export function redemptionStatusName(code: number | string): RedemptionStatusName {
  if (typeof code === 'string' && code in RedemptionStatus) return code as RedemptionStatusName;
  return redemptionStatusNames.find((name) => RedemptionStatus[name] === Number(code)) ?? 'UnknownError';
}

/** Status strings of the legacy account link. */
export const LinkStatus = {
  Success: 'Success',
  AlreadyLinked: 'AlreadyLinked',
  NotFound: 'NotFound',
  LoginFailed: 'LoginFailed',
} as const;
export type LinkStatusName = keyof typeof LinkStatus;

export interface RedeemedProduct {
  title: string;
  vendorProductCode: string;
  productId?: number;
}

export interface RedemptionResult {
  redemptionStatus: RedemptionStatusCode;
  activatedProducts: RedeemedProduct[];
  product?: RedeemedProduct;
  vendor?: string;
}
