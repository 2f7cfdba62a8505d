import type { Doc, FormName } from './harness';

const phone = (phone: string, phonetype: string) => ({ countryCode: '1', phone, phonetype });

export const validProfile: Doc = {
  email: 'learner@example.com',
  alternateEmail: 'learner.other@example.org',
  company: 'Example Training Co.',
  givenName: { firstName: 'Zoë', middleName: 'Ann', lastName: "O'Brien", suffix: 'Jr.' },
  preferredName: { firstName: 'Zo', lastName: 'OB' },
  primaryAddress: { address1: '1 Main St', city: 'Springfield', state: 'IL', country: 'USA', postalCode: '62701' },
  primaryPhoneNumber: phone('2175550100', 'Home'),
  secondaryPhoneNumber: phone('2175550101', 'Home'),
  mobilePhoneNumber: phone('2175550102', 'Cellphone'),
  preferences: { language: 'ja', allowMarketingEmails: false },
  allowConsentToSendSmsTextMessages: true,
};

export const validExam: Doc = {
  ...structuredClone(validProfile),
  isMinor: false,
  isUsCitizenOlderThanEighteenYears: true,
  allowConsentToGatherBirthInformation: true,
  birthMonth: '05',
  birthYear: '1990',
  privacyPolicyAccepted: true,
  allowCredentialReleaseToThirdParty: false,
};

export const validDemographics: Doc = {
  birthDay: '15',
  birthMonth: '05',
  birthYear: '1990',
  isOlderThanEighteenYears: true,
  allowConsentToGatherBirthInformation: true,
  allowConsentToSendSmsTextMessages: false,
  primaryPhoneNumber: phone('2175550100', 'Home'),
  mobilePhoneNumber: phone('2175550102', 'Cellphone'),
  primaryAddress: { address1: '1 Main St', city: 'Toronto', state: 'ON', country: 'CAN', postalCode: 'M5V 2T6' },
};

export const validCompanyCountry: Doc = { company: 'Example Training Co.', country: 'JPN' };

export const validEmail: Doc = {
  currentEmail: 'learner@example.com',
  alternateEmail: 'learner.other@example.org',
  email: 'learner.new@example.net',
  currentPassword: 'whatever it was',
};

export const validPassword: Doc = {
  currentPassword: 'Old-password-1',
  newPassword: 'Abcdefgh12',
  confirmPassword: 'Abcdefgh12',
};

export const validRedeem: Doc = { accessKey: 'ABCD-1234-EFGH' };
export const validCoursePicker: Doc = { productId: 1234 };
export const validAddress: Doc = {
  address: { address1: '100 Main Street', address2: 'Suite 200', city: 'Chicago', state: 'IL', country: 'USA', postalCode: '60601' },
};

/** One valid document per form. */
export const validDocuments: Record<FormName, Doc> = {
  profile: validProfile,
  exam: validExam,
  demographics: validDemographics,
  'company-country': validCompanyCountry,
  email: validEmail,
  password: validPassword,
  redeem: validRedeem,
  'course-picker': validCoursePicker,
  address: validAddress,
};
