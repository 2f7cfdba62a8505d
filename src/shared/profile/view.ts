// The one mapping between the stored profile (docs/behaviour.md#entities: addresses[] and phoneNumbers[] with
// index and isPrimary) and the form view (primaryAddress, primaryPhoneNumber, secondaryPhoneNumber,
// mobilePhoneNumber) that the forms and the server's validation see.

import type { ApiProfile, ApiProfileAddress, ApiProfileName, ApiProfilePhone } from '../../generated/api-types';
import type { DemographicsForm } from '../../generated/types/demographics';
import type { ExamForm } from '../../generated/types/exam';
import type { ProfileForm } from '../../generated/types/profile';

// The types come from the schemas (src/generated): the stored shape from schemas/api/profile.schema.json,
// the form fields from schemas/forms/{profile,exam,demographics}.schema.json. Nothing here restates them.

export type PhoneType = NonNullable<ProfileForm['primaryPhoneNumber']['phonetype']>;
export type Name = ApiProfileName;
export type StoredAddress = ApiProfileAddress;
export type StoredPhone = ApiProfilePhone;
/** An address as a form shows it: the stored fields without the list bookkeeping. */
export type AddressView = Omit<StoredAddress, 'index' | 'isPrimary'>;
export type PhoneView = Omit<StoredPhone, 'index' | 'isPrimary'>;

type Derived = 'primaryAddress' | 'primaryPhoneNumber' | 'secondaryPhoneNumber' | 'mobilePhoneNumber';

/** The stored profile (docs/behaviour.md#entities): ids may be absent before it is saved. */
export type StoredProfile = Partial<Omit<ApiProfile, Derived>> & { [field: string]: unknown };

/** A value a form requires to be `true` can still be false before the learner accepts it. */
type Unaccepted<T> = { [K in keyof T]: T[K] extends boolean ? boolean : T[K] };
type FormFields = Unaccepted<ProfileForm & ExamForm & DemographicsForm>;

/** The profile as the forms see it: every field of the three profile forms, derived items as views. */
export type ProfileView = Partial<Omit<FormFields, Derived | 'givenName' | 'preferredName' | 'preferences'>> & {
  givenName?: Name;
  preferredName?: Name;
  preferences?: Record<string, unknown>;
  primaryAddress?: AddressView;
  primaryPhoneNumber?: PhoneView;
  secondaryPhoneNumber?: PhoneView;
  mobilePhoneNumber?: PhoneView;
  [field: string]: unknown;
};

export const DEFAULT_COUNTRY = 'USA';
export const DEFAULT_COUNTRY_CODE = '1';
export const PRIMARY_PHONE_TYPE: PhoneType = 'Home';
export const SECONDARY_PHONE_TYPE: PhoneType = 'Home';
export const MOBILE_PHONE_TYPE: PhoneType = 'Cellphone';

export const ADDRESS_FIELDS = ['address1', 'address2', 'address3', 'city', 'state', 'country', 'postalCode'] as const;
export const PHONE_FIELDS = ['countryCode', 'phone', 'phonetype'] as const;
export const NAME_FIELDS = ['firstName', 'middleName', 'lastName', 'suffix'] as const;

/** Fields of the stored entity that the form view shows in another shape or never shows. */
export const STORED_ONLY_FIELDS = ['addresses', 'phoneNumbers'] as const;
/** Fields of the form view derived from the stored arrays. */
export const DERIVED_VIEW_FIELDS = ['primaryAddress', 'primaryPhoneNumber', 'secondaryPhoneNumber', 'mobilePhoneNumber'] as const;

const sameType = (phone: StoredPhone, type: PhoneType): boolean => (phone.phonetype ?? '').toLowerCase() === type.toLowerCase();

/** Position in the stored array of each derived item; -1 when absent. */
export interface StoredPositions {
  primaryAddress: number;
  primaryPhoneNumber: number;
  secondaryPhoneNumber: number;
  mobilePhoneNumber: number;
}

export function storedPositions(profile: StoredProfile): StoredPositions {
  const addresses = profile.addresses ?? [];
  const phones = profile.phoneNumbers ?? [];
  return {
    // The primary address is the one flagged primary.
    primaryAddress: addresses.findIndex((a) => a.isPrimary === true),
    primaryPhoneNumber: phones.findIndex((p) => p.isPrimary === true),
    // The secondary phone is non-primary of type Home; the mobile non-primary of type Cellphone.
    secondaryPhoneNumber: phones.findIndex((p) => p.isPrimary !== true && sameType(p, SECONDARY_PHONE_TYPE)),
    mobilePhoneNumber: phones.findIndex((p) => p.isPrimary !== true && sameType(p, MOBILE_PHONE_TYPE)),
  };
}

function pick<T extends object, K extends keyof T & string>(source: T | undefined, keys: readonly K[]): Partial<T> {
  const out: Partial<T> = {};
  if (!source) return out;
  for (const key of keys) if (source[key] !== undefined && source[key] !== null) out[key] = source[key];
  return out;
}

export function addressView(address: StoredAddress | undefined): AddressView {
  return { country: DEFAULT_COUNTRY, ...pick(address, ADDRESS_FIELDS) };
}

export function phoneView(phone: StoredPhone | undefined, defaultType: PhoneType): PhoneView {
  return { countryCode: DEFAULT_COUNTRY_CODE, phonetype: defaultType, ...pick(phone, PHONE_FIELDS) };
}

/** The stored profile as the forms see it: derived items added, stored arrays left out. */
export function toProfileView(profile: StoredProfile): ProfileView {
  const positions = storedPositions(profile);
  const addresses = profile.addresses ?? [];
  const phones = profile.phoneNumbers ?? [];
  const view: ProfileView = {};
  for (const [key, value] of Object.entries(profile)) {
    if ((STORED_ONLY_FIELDS as readonly string[]).includes(key) || value === null || value === undefined) continue;
    view[key] = value;
  }
  view.primaryAddress = addressView(addresses[positions.primaryAddress]);
  view.primaryPhoneNumber = phoneView(phones[positions.primaryPhoneNumber], PRIMARY_PHONE_TYPE);
  view.secondaryPhoneNumber = phoneView(phones[positions.secondaryPhoneNumber], SECONDARY_PHONE_TYPE);
  view.mobilePhoneNumber = phoneView(phones[positions.mobilePhoneNumber], MOBILE_PHONE_TYPE);
  return view;
}

/** The view restricted to the fields a form schema declares (its top-level `properties`). */
export function pickFields(view: ProfileView, fields: readonly string[]): ProfileView {
  const out: ProfileView = {};
  for (const field of fields) if (view[field] !== undefined) out[field] = view[field];
  return out;
}

/** The stored profile plus its derived items, as the services answer it. */
export function withDerivedFields(profile: StoredProfile): StoredProfile & ProfileView {
  const positions = storedPositions(profile);
  const addresses = profile.addresses ?? [];
  const phones = profile.phoneNumbers ?? [];
  return {
    ...profile,
    primaryAddress: addresses[positions.primaryAddress],
    primaryPhoneNumber: phones[positions.primaryPhoneNumber],
    secondaryPhoneNumber: phones[positions.secondaryPhoneNumber],
    mobilePhoneNumber: phones[positions.mobilePhoneNumber],
  } as StoredProfile & ProfileView;
}

/** Keeps each item's `index` equal to its position after items were added or removed. */
export function renumber(profile: StoredProfile): StoredProfile {
  return {
    ...profile,
    ...(profile.addresses ? { addresses: profile.addresses.map((a, index) => ({ ...a, index })) } : {}),
    ...(profile.phoneNumbers ? { phoneNumbers: profile.phoneNumbers.map((p, index) => ({ ...p, index })) } : {}),
  };
}

/** Initials use the preferred first and last name, falling back to the given name. */
export function initials(profile: Pick<StoredProfile, 'givenName' | 'preferredName'>): string {
  const first = profile.preferredName?.firstName || profile.givenName?.firstName || '';
  const last = profile.preferredName?.lastName || profile.givenName?.lastName || '';
  return `${first.charAt(0)}${last.charAt(0)}`.toUpperCase();
}
