import { initials, renumber, storedPositions, toProfileView, withDerivedFields, type StoredProfile } from '../../../src/shared/profile/view';

const stored: StoredProfile = {
  email: 'a@example.com',
  givenName: { firstName: 'Ann', lastName: 'Lee' },
  addresses: [
    { address1: 'Old', city: 'X', country: 'CAN', index: 0, isPrimary: false },
    { address1: '1 Main', city: 'Chicago', state: 'IL', country: 'USA', postalCode: '60601', index: 1, isPrimary: true },
  ],
  phoneNumbers: [
    { countryCode: '1', phone: '3125550101', phonetype: 'Cellphone', index: 0, isPrimary: false },
    { countryCode: '1', phone: '3125550100', phonetype: 'Work', index: 1, isPrimary: true },
    { countryCode: '1', phone: '3125550102', phonetype: 'Home', index: 2, isPrimary: false },
  ],
};

describe('profile view', () => {
  it('takes the primary address and phone from the items flagged primary', () => {
    const view = toProfileView(stored);
    expect(view.primaryAddress).toEqual({ address1: '1 Main', city: 'Chicago', state: 'IL', country: 'USA', postalCode: '60601' });
    expect(view.primaryPhoneNumber).toEqual({ countryCode: '1', phone: '3125550100', phonetype: 'Work' });
  });

  it('takes the secondary phone as non-primary Home and the mobile as non-primary Cellphone', () => {
    const view = toProfileView(stored);
    expect(view.secondaryPhoneNumber?.phone).toBe('3125550102');
    expect(view.mobilePhoneNumber?.phone).toBe('3125550101');
  });

  it('fills defaults when items are missing and leaves the stored arrays out', () => {
    const view = toProfileView({ givenName: { firstName: 'A', lastName: 'B' } });
    expect(view.primaryAddress).toEqual({ country: 'USA' });
    expect(view.primaryPhoneNumber).toEqual({ countryCode: '1', phonetype: 'Home' });
    expect(view.mobilePhoneNumber).toEqual({ countryCode: '1', phonetype: 'Cellphone' });
    expect(view).not.toHaveProperty('addresses');
    expect(view).not.toHaveProperty('phoneNumbers');
  });

  it('a primary Home phone is not also the secondary phone', () => {
    const positions = storedPositions({ phoneNumbers: [{ phone: '1', phonetype: 'Home', isPrimary: true }] });
    expect(positions).toMatchObject({ primaryPhoneNumber: 0, secondaryPhoneNumber: -1, mobilePhoneNumber: -1 });
  });

  it('answers the stored items with index under the derived names', () => {
    const answered = withDerivedFields(stored);
    expect(answered.primaryAddress).toMatchObject({ index: 1, isPrimary: true });
    expect(answered.mobilePhoneNumber).toMatchObject({ index: 0 });
  });

  it('renumbers items to their positions', () => {
    const next = renumber({
      phoneNumbers: [
        { phone: '1', index: 4 },
        { phone: '2', index: 9 },
      ],
    });
    expect(next.phoneNumbers?.map((p) => p.index)).toEqual([0, 1]);
  });

  it('makes initials from the preferred name, falling back to the given name', () => {
    expect(initials({ givenName: { firstName: 'alexandra', lastName: 'rivera' }, preferredName: { firstName: 'Lex' } })).toBe('LR');
    expect(initials({ givenName: { firstName: 'Ann', lastName: 'Lee' } })).toBe('AL');
  });
});
