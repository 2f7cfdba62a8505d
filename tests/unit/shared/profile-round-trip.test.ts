import { applyProfilePatch } from '../../../src/server/identity/profile-patch';
import { patchableFields } from '../../../src/server/identity/service';
import { demoAccounts } from '../../../src/server/seed/demo-data';
import { candidateView } from '../../../src/shared/profile/candidate';
import { buildProfilePatch } from '../../../src/shared/profile/patch';
import { toProfileView, type ProfileView, type StoredProfile } from '../../../src/shared/profile/view';

// stored profile -> form view -> edited view -> patch -> stored profile -> form view: what the
// learner sees after saving is what they typed, for every demo profile and every kind of edit.
const FIELDS = ['company', 'givenName', 'preferredName', 'preferences', 'primaryAddress', 'primaryPhoneNumber', 'secondaryPhoneNumber', 'mobilePhoneNumber'];
/** The services' own application of a patch (a replace at an absent key reads as add). */
const apply = (stored: StoredProfile, patch: unknown[]) => applyProfilePatch(stored, patch, patchableFields(FIELDS));

/** The forms read an emptied value and an absent one alike; so does this comparison. */
const shown = (value: unknown): unknown =>
  value && typeof value === 'object' ? Object.fromEntries(Object.entries(value).filter(([, v]) => v !== '' && v !== undefined)) : (value ?? '');

const edits: Array<[string, (view: ProfileView) => void]> = [
  ['a top-level field', (v) => void (v.company = 'Round Trip Ltd')],
  ['an emptied top-level field', (v) => void (v.company = undefined)],
  ['a name part', (v) => void (v.givenName = { ...v.givenName, middleName: 'Q' })],
  ['a preferred name where none was stored', (v) => void (v.preferredName = { firstName: 'Sky', lastName: 'Blue' })],
  ['a preference', (v) => void (v.preferences = { ...v.preferences, language: 'ja' })],
  ['the primary address', (v) => void (v.primaryAddress = { address1: '9 Elm St', city: 'Toronto', state: 'ON', country: 'CAN', postalCode: 'M5V 2T6' })],
  ['a new secondary phone', (v) => void (v.secondaryPhoneNumber = { countryCode: '44', phone: '2071234567', phonetype: 'Home' })],
  ['an emptied mobile phone', (v) => void (v.mobilePhoneNumber = { ...v.mobilePhoneNumber, phone: '' })],
];

const profiles = demoAccounts.filter((a) => a.profile).map((a) => [a.email, { ...a.profile!, ssoId: a.id }] as const);

describe.each(profiles)('round trip of %s', (_email, stored) => {
  it.each(edits)('%s', (_name, edit) => {
    const before = toProfileView(stored);
    const after = structuredClone(before);
    edit(after);
    const saved = toProfileView(apply(stored, buildProfilePatch(stored, before, after)));
    for (const key of ['company', 'givenName', 'preferredName', 'preferences', 'primaryAddress', 'secondaryPhoneNumber'] as const) {
      expect(shown(saved[key]), key).toEqual(shown(after[key]));
    }
    // An emptied phone is removed from the stored list and shows as the empty default again.
    if (after.mobilePhoneNumber?.phone === '') expect(saved.mobilePhoneNumber?.phone).toBeUndefined();
    else expect(saved.mobilePhoneNumber).toEqual(after.mobilePhoneNumber);
  });

  it('an unchanged view makes an empty patch', () => {
    const view = toProfileView(stored);
    expect(buildProfilePatch(stored, view, structuredClone(view))).toEqual([]);
  });
});

describe('the exam-delivery candidate body', () => {
  it('reads as the form view it was made from, with the account’s own email', () => {
    const view = toProfileView(demoAccounts[0]!.profile!);
    const body = { id: 'p-1', ...view, email: 'someone-else@example.com', phoneNumber: view.primaryPhoneNumber, primaryPhoneNumber: undefined };
    const read = candidateView(body, 'learner@example.com');
    expect(read.email).toBe('learner@example.com');
    expect(read.primaryPhoneNumber).toEqual(view.primaryPhoneNumber);
    expect(read.primaryAddress).toEqual(view.primaryAddress);
    expect(read).not.toHaveProperty('id');
  });
});
