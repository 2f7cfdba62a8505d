import jsonPatch, { type Operation } from 'fast-json-patch';
import { buildProfilePatch } from '../../../src/shared/profile/patch';
import { renumber, toProfileView, type ProfileView, type StoredProfile } from '../../../src/shared/profile/view';

const stored: StoredProfile = {
  email: 'a@example.com',
  company: 'Old Co',
  givenName: { firstName: 'Ann', middleName: '', lastName: 'Lee', suffix: '' },
  preferredName: { firstName: 'Annie', middleName: '', lastName: 'Lee', suffix: '' },
  preferences: { language: 'en', allowMarketingEmails: false },
  addresses: [{ address1: '1 Main', city: 'Chicago', state: 'IL', country: 'USA', postalCode: '60601', index: 0, isPrimary: true }],
  phoneNumbers: [
    { countryCode: '1', phone: '3125550100', phonetype: 'Home', index: 0, isPrimary: true },
    { countryCode: '1', phone: '3125550101', phonetype: 'Home', index: 1, isPrimary: false },
  ],
};

const edit = (change: (view: ProfileView) => void, from: StoredProfile = stored) => {
  const before = toProfileView(from);
  const after = structuredClone(before);
  change(after);
  return { before, after, patch: buildProfilePatch(from, before, after) };
};

const apply = (from: StoredProfile, patch: ReturnType<typeof buildProfilePatch>) =>
  renumber(jsonPatch.applyPatch(structuredClone(from), patch as Operation[]).newDocument);

describe('buildProfilePatch', () => {
  it('replaces a changed top-level field at /{field}', () => {
    const { patch } = edit((v) => (v.company = 'New Co'));
    expect(patch).toEqual([{ op: 'replace', path: '/company', value: 'New Co' }]);
  });

  it('sends an emptied top-level field with an empty value, never without one', () => {
    const { patch } = edit((v) => (v.company = undefined));
    expect(patch).toEqual([{ op: 'replace', path: '/company', value: '' }]);
    expect(JSON.parse(JSON.stringify(patch))).toEqual([{ op: 'replace', path: '/company', value: '' }]);
  });

  it('sends a field the form left out altogether as emptied too, a text as "" and a checkbox as false', () => {
    const before: ProfileView = { company: 'Old Co', allowConsentToSendSmsTextMessages: true, preferences: { language: 'en', allowMarketingEmails: true } };
    const after: ProfileView = { preferences: { language: 'en' } };
    expect(buildProfilePatch(stored, before, after)).toEqual([
      { op: 'replace', path: '/company', value: '' },
      { op: 'replace', path: '/allowConsentToSendSmsTextMessages', value: false },
      { op: 'replace', path: '/preferences/allowMarketingEmails', value: false },
    ]);
  });

  it('replaces given-name subfields at /givenName/{sub}', () => {
    const { patch } = edit((v) => (v.givenName = { ...v.givenName, middleName: 'Q' }));
    expect(patch).toEqual([{ op: 'replace', path: '/givenName/middleName', value: 'Q' }]);
  });

  it('patches the preferred name over the given-name keys', () => {
    const { patch } = edit((v) => (v.preferredName = { firstName: 'Nan', lastName: 'Lee', middleName: '', suffix: '' }));
    expect(patch).toEqual([{ op: 'replace', path: '/preferredName/firstName', value: 'Nan' }]);
  });

  it('replaces preferences at /preferences/{key}', () => {
    const { patch } = edit((v) => (v.preferences = { ...v.preferences, language: 'ja' }));
    expect(patch).toEqual([{ op: 'replace', path: '/preferences/language', value: 'ja' }]);
  });

  it('replaces address fields at the primary address index', () => {
    const { patch } = edit((v) => (v.primaryAddress = { ...v.primaryAddress, city: 'Evanston' }));
    expect(patch).toEqual([{ op: 'replace', path: '/addresses/0/city', value: 'Evanston' }]);
  });

  it('adds a primary address at /addresses/- when there is none', () => {
    const from = { ...stored, addresses: [] };
    const { patch } = edit((v) => (v.primaryAddress = { address1: '9 Elm', city: 'Austin', state: 'TX', country: 'USA', postalCode: '73301' }), from);
    expect(patch).toEqual([
      {
        op: 'add',
        path: '/addresses/-',
        value: { index: 0, isPrimary: true, address1: '9 Elm', city: 'Austin', state: 'TX', country: 'USA', postalCode: '73301' },
      },
    ]);
  });

  it('replaces an existing phone, removes an emptied one and adds a new one', () => {
    const { patch } = edit((v) => {
      v.primaryPhoneNumber = { ...v.primaryPhoneNumber, phone: '3125550199' };
      v.secondaryPhoneNumber = { ...v.secondaryPhoneNumber, phone: '' };
      v.mobilePhoneNumber = { countryCode: '1', phone: '3125550177', phonetype: 'Cellphone' };
    });
    expect(patch).toEqual([
      { op: 'replace', path: '/phoneNumbers/0/phone', value: '3125550199' },
      { op: 'replace', path: '/phoneNumbers/0/isPrimary', value: true },
      { op: 'add', path: '/phoneNumbers/-', value: { index: 2, isPrimary: false, countryCode: '1', phone: '3125550177', phonetype: 'Cellphone' } },
      { op: 'remove', path: '/phoneNumbers/1' },
    ]);
    const next = apply(stored, patch);
    const view = toProfileView(next);
    expect(view.primaryPhoneNumber?.phone).toBe('3125550199');
    expect(view.mobilePhoneNumber?.phone).toBe('3125550177');
    expect(view.secondaryPhoneNumber?.phone).toBeUndefined();
  });

  it('round-trips: applying the patch gives the edited view', () => {
    const { after, patch } = edit((v) => {
      v.company = 'Elsewhere';
      v.givenName = { ...v.givenName, lastName: 'Park' };
      v.primaryAddress = { ...v.primaryAddress, postalCode: '60602' };
    });
    expect(toProfileView(apply(stored, patch))).toEqual(after);
  });

  it('sends nothing when nothing changed', () => {
    expect(edit(() => undefined).patch).toEqual([]);
  });
});
