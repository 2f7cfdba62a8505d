import { RedemptionStatus, redemptionStatusName, redemptionStatusNames } from '../../../src/shared/redemption';

describe('redemption result codes', () => {
  it('numbers the eighteen codes 0..17 in the documented order', () => {
    expect(redemptionStatusNames).toHaveLength(18);
    expect(redemptionStatusNames.map((n) => RedemptionStatus[n])).toEqual([...Array(18).keys()]);
    expect(RedemptionStatus.HasProductAlready).toBe(4);
    expect(RedemptionStatus.SingleProductLinkReservationsMustActivateSubLicenses).toBe(17);
  });

  it('names a code, defaulting to UnknownError', () => {
    expect(redemptionStatusName(7)).toBe('ReservationExpired');
    expect(redemptionStatusName('TempAccessAlreadyUsed')).toBe('TempAccessAlreadyUsed');
    expect(redemptionStatusName(99)).toBe('UnknownError');
  });
});
