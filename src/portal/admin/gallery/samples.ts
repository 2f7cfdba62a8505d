import type { FormName } from '../../forms/definitions';

const address = { address1: '200 Sample Avenue', city: 'Springfield', state: 'IL', country: 'USA', postalCode: '62701' };
const name = { firstName: 'Alex', middleName: '', lastName: 'Morgan', suffix: '' };
const profile = {
  email: 'alex.morgan@example.com',
  alternateEmail: 'alex@example.org',
  company: 'Example Training Ltd',
  givenName: name,
  preferredName: { firstName: 'Al' },
  primaryAddress: address,
  primaryPhoneNumber: { countryCode: '1', phone: '6305550142', phonetype: 'Home' },
  secondaryPhoneNumber: { countryCode: '1', phone: '', phonetype: 'Home' },
  mobilePhoneNumber: { countryCode: '1', phone: '6305550199', phonetype: 'Cellphone' },
  preferences: { language: 'en', allowMarketingEmails: false },
  allowConsentToSendSmsTextMessages: true,
};

/** Sample data in the contract's form shapes, one per form. */
export const SAMPLES: Record<FormName, Record<string, unknown>> = {
  profile,
  exam: {
    ...profile,
    isMinor: false,
    isUsCitizenOlderThanEighteenYears: true,
    allowConsentToGatherBirthInformation: true,
    birthMonth: '04',
    birthYear: '1990',
    privacyPolicyAccepted: true,
    allowCredentialReleaseToThirdParty: false,
  },
  demographics: {
    birthDay: '29',
    birthMonth: '02',
    birthYear: '2000',
    isOlderThanEighteenYears: true,
    allowConsentToGatherBirthInformation: true,
    allowConsentToSendSmsTextMessages: false,
    primaryPhoneNumber: { countryCode: '1', phone: '6305550142', phonetype: 'Home' },
    mobilePhoneNumber: { countryCode: '971', phone: '0501234567', phonetype: 'Cellphone' },
    primaryAddress: { address1: '1-2-3 Marunouchi', city: 'Chiyoda-ku', state: '13', country: 'JPN', postalCode: '100-0005' },
  },
  'company-country': { company: 'Example Training Ltd', country: 'CAN' },
  email: { currentEmail: 'alex.morgan@example.com', alternateEmail: 'alex@example.org', email: '', currentPassword: '', verificationCodeSent: false },
  password: { currentPassword: '', newPassword: '', confirmPassword: '' },
  redeem: { accessKey: '' },
  'course-picker': {},
  address: { address: { address1: '200 Bay Street', city: 'Toronto', state: 'ON', country: 'CAN', postalCode: 'M5J 2J2' } },
};

/** Sample options for ui:options.optionsFrom lists (the course picker's products). */
export const SAMPLE_OPTIONS = [
  { value: 101, label: 'CertMaster Practice for Security Essentials' },
  { value: 102, label: 'CertMaster Practice for Networking Essentials' },
  { value: 103, label: 'CertMaster Practice for IT Support Core 1' },
];
