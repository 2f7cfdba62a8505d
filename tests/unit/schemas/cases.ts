import { validDocuments } from './fixtures';
import { type Doc, type FieldError, type FormName, repeat, withValue } from './harness';

export interface Case {
  name: string;
  form: FormName;
  data: Doc;
  /** Exactly the errors expected; [] means valid. */
  errors: FieldError[];
}

const bases: Record<FormName, Doc> = validDocuments;

type Change = [pointer: string, value: unknown];

/** One case: the form's valid document with some values changed. */
function c(form: FormName, name: string, changes: Change[] | Change, errors: [string, string][] = []): Case {
  const list = (changes.length === 0 || Array.isArray(changes[0]) ? changes : [changes]) as Change[];
  const data = list.reduce((doc, [pointer, value]) => withValue(doc, pointer, value), bases[form]);
  return { name, form, data, errors: errors.map(([path, key]) => ({ path, key })) };
}
const ok = (form: FormName, name: string, changes: Change[] | Change) => c(form, name, changes);

const R = 'Validation.Required';
const ML = 'Validation.MaxLength';
const IN = 'Validation.InvalidName';

/** Both sides of a maximum length: max passes, max + 1 fails with the field's message. */
function maxLength(form: FormName, pointer: string, max: number, key: string, extra: Change[] = []): Case[] {
  return [
    ok(form, `${pointer} of ${max} characters`, [...extra, [pointer, repeat(max)]]),
    c(form, `${pointer} of ${max + 1} characters`, [...extra, [pointer, repeat(max + 1)]], [[pointer, key]]),
  ];
}

const ADDRESS = '/primaryAddress';
const NOT_US = [`${ADDRESS}/country`, 'FRA'] as Change;

export const generalTextCases: Case[] = [
  ok('profile', 'Latin-1 letters with accents', ['/givenName/firstName', 'Zoë Ývonne']),
  ok('profile', 'no-break space and U+00FF are printable Latin-1', ['/givenName/firstName', 'a\u00a0ÿ']),
  ok('profile', 'space and tilde ends of ASCII', ['/givenName/middleName', ' ~']),
  c('profile', 'a character beyond Latin-1', ['/givenName/firstName', 'Ŝam'], [['/givenName/firstName', IN]]),
  c('profile', 'a control character (tab)', ['/givenName/lastName', 'a\tb'], [['/givenName/lastName', IN]]),
  c('profile', 'U+0080..U+009F are not printable', ['/givenName/lastName', 'a\u0085b'], [['/givenName/lastName', IN]]),
  c('profile', 'CJK text in a name', ['/givenName/lastName', '山田'], [['/givenName/lastName', IN]]),
  c('profile', 'name with comma', ['/givenName/firstName', 'Jo,hn'], [['/givenName/firstName', IN]]),
  c('profile', 'name with greater-than', ['/givenName/lastName', 'Smith>'], [['/givenName/lastName', IN]]),
  c('profile', 'name with double quote', ['/givenName/middleName', 'the "kid"'], [['/givenName/middleName', IN]]),
  ok('profile', 'name may hold a backslash', ['/givenName/middleName', 'a\\b']),
  c('profile', 'address line with backslash', [`${ADDRESS}/address1`, '1\\2 Main'], [[`${ADDRESS}/address1`, 'Validation.InvalidAddress']]),
  c('profile', 'address line 2 beyond Latin-1', [`${ADDRESS}/address2`, 'Straße ☃'], [[`${ADDRESS}/address2`, 'Validation.InvalidAddress']]),
  c('profile', 'city with backslash', [`${ADDRESS}/city`, 'Spring\\field'], [[`${ADDRESS}/city`, 'Validation.InvalidCity']]),
  c('profile', 'state with backslash', [[`${ADDRESS}/state`, 'I\\L']], [[`${ADDRESS}/state`, 'Validation.InvalidState']]),
  c('profile', 'postal code with backslash', [NOT_US, [`${ADDRESS}/postalCode`, '75\\001']], [[`${ADDRESS}/postalCode`, 'Validation.InvalidPostalCode']]),
  c(
    'profile',
    'phone with backslash',
    [
      ['/secondaryPhoneNumber/countryCode', '44'],
      ['/secondaryPhoneNumber/phone', '020\\7946'],
    ],
    [['/secondaryPhoneNumber/phone', 'Validation.InvalidPhoneNumber']],
  ),
  c('profile', 'company with backslash', ['/company', 'A\\B'], [['/company', 'Validation.InvalidCompany']]),
  c('profile', 'company beyond Latin-1 (Latin-1 check)', ['/company', '株式会社'], [['/company', 'Validation.InvalidCompany']]),
];

export const lengthCases: Case[] = [
  ...maxLength('profile', '/givenName/firstName', 30, ML),
  ...maxLength('profile', '/givenName/middleName', 30, ML),
  ...maxLength('profile', '/givenName/lastName', 50, ML),
  ...maxLength('profile', '/givenName/suffix', 10, ML),
  ...maxLength('profile', '/preferredName/firstName', 30, IN),
  ...maxLength('profile', '/preferredName/middleName', 30, ML),
  ...maxLength('profile', '/preferredName/lastName', 50, ML),
  ...maxLength('profile', '/preferredName/suffix', 10, ML),
  ...maxLength('profile', `${ADDRESS}/address1`, 40, 'Validation.InvalidAddress'),
  ...maxLength('profile', `${ADDRESS}/address2`, 40, 'Validation.InvalidAddress'),
  ...maxLength('profile', `${ADDRESS}/address3`, 40, 'Validation.InvalidAddress'),
  ...maxLength('profile', `${ADDRESS}/city`, 32, 'Validation.InvalidCity'),
  ...maxLength('profile', `${ADDRESS}/state`, 50, 'Validation.InvalidState'),
  ...maxLength('profile', `${ADDRESS}/postalCode`, 16, 'Validation.InvalidPostalCode', [NOT_US]),
  ...maxLength('profile', '/company', 50, 'Validation.InvalidCompany'),
  ...maxLength('exam', `${ADDRESS}/city`, 32, 'Validation.InvalidCity'),
  ...maxLength('demographics', `${ADDRESS}/city`, 32, 'Validation.InvalidCity'),
  ...maxLength('company-country', '/company', 50, 'Validation.InvalidCompany'),
  ok('profile', 'country of 3 letters in the list', [`${ADDRESS}/country`, 'JPN']),
  c('profile', 'country of 4 letters', [`${ADDRESS}/country`, 'JAPN'], [[`${ADDRESS}/country`, 'Validation.InvalidCountry']]),
  ok('profile', 'phone country code of 3 digits', [
    ['/secondaryPhoneNumber/countryCode', '971'],
    ['/secondaryPhoneNumber/phone', '0501234567'],
  ]),
  ok('profile', 'phone country code with + prefix', ['/primaryPhoneNumber/countryCode', '+1']),
  c(
    'profile',
    'phone country code of 4 digits',
    ['/secondaryPhoneNumber/countryCode', '9710'],
    [['/secondaryPhoneNumber/countryCode', 'Validation.InvalidCountryCode']],
  ),
  c(
    'profile',
    'phone country code with letters',
    ['/secondaryPhoneNumber/countryCode', '4a'],
    [['/secondaryPhoneNumber/countryCode', 'Validation.InvalidCountryCode']],
  ),
  ok('profile', 'phone number of 20 characters', [
    ['/secondaryPhoneNumber/countryCode', '44'],
    ['/secondaryPhoneNumber/phone', repeat(20, '1')],
  ]),
  c(
    'profile',
    'phone number of 21 characters',
    [
      ['/secondaryPhoneNumber/countryCode', '44'],
      ['/secondaryPhoneNumber/phone', repeat(21, '1')],
    ],
    [['/secondaryPhoneNumber/phone', 'Validation.InvalidPhoneNumber']],
  ),
  ok('profile', 'alternate email of 255 characters', ['/alternateEmail', `${repeat(243)}@example.com`]),
  c('profile', 'alternate email of 256 characters', ['/alternateEmail', `${repeat(244)}@example.com`], [['/alternateEmail', ML]]),
  ok('email', 'new email of 255 characters', ['/email', `${repeat(243)}@example.com`]),
  c('email', 'new email of 256 characters', ['/email', `${repeat(244)}@example.com`], [['/email', ML]]),
  ok('email', 'verification code of 255 characters', [
    ['/verificationCodeSent', true],
    ['/verificationCode', repeat(255, '7')],
  ]),
  c(
    'email',
    'verification code of 256 characters',
    [
      ['/verificationCodeSent', true],
      ['/verificationCode', repeat(256, '7')],
    ],
    [['/verificationCode', ML]],
  ),
  c('email', 'verification code of 256 characters, flag not set', ['/verificationCode', repeat(256, '7')], [['/verificationCode', ML]]),
  c('email', 'empty verification code, flag not set', ['/verificationCode', ''], [['/verificationCode', R]]),
  ok('email', 'verification code of 255 characters, flag not set', ['/verificationCode', repeat(255, '7')]),
];

const US_POSTAL = `${ADDRESS}/postalCode`;
const STATE = `${ADDRESS}/state`;
const toCanada: Change[] = [
  [`${ADDRESS}/country`, 'CAN'],
  [STATE, 'ON'],
];
export const postalCases: Case[] = [
  ok('profile', 'USA: 5 digits', [US_POSTAL, '62701']),
  ok('profile', 'USA: 5 digits and a 4-digit extension', [US_POSTAL, '62701-1234']),
  c('profile', 'USA: 4 digits', [US_POSTAL, '6270'], [[US_POSTAL, 'Validation.InvalidPostalCode']]),
  c('profile', 'USA: 6 digits', [US_POSTAL, '627011'], [[US_POSTAL, 'Validation.InvalidPostalCode']]),
  c('profile', 'USA: a 3-digit extension', [US_POSTAL, '62701-123'], [[US_POSTAL, 'Validation.InvalidPostalCode']]),
  c('profile', 'USA: letters', [US_POSTAL, 'K1A 0B1'], [[US_POSTAL, 'Validation.InvalidPostalCode']]),
  c('profile', 'USA: postal code required', [US_POSTAL, undefined], [[US_POSTAL, R]]),
  c('profile', 'USA: empty postal code counts as missing', [US_POSTAL, ''], [[US_POSTAL, R]]),
  c('profile', 'USA: state required', [STATE, undefined], [[STATE, R]]),
  c('profile', 'USA: empty state counts as missing', [STATE, ''], [[STATE, R]]),
  ok('profile', 'CAN: A1A 1A1', [...toCanada, [US_POSTAL, 'K1A 0B1']]),
  ok('profile', 'CAN: without the space, lower case', [...toCanada, [US_POSTAL, 'k1a0b1']]),
  c('profile', 'CAN: US format', [...toCanada, [US_POSTAL, '62701']], [[US_POSTAL, 'Validation.InvalidPostalCode']]),
  c('profile', 'CAN: letter D is never used', [...toCanada, [US_POSTAL, 'D1A 0B1']], [[US_POSTAL, 'Validation.InvalidPostalCode']]),
  c(
    'profile',
    'CAN: postal code and state required',
    [
      [`${ADDRESS}/country`, 'CAN'],
      [STATE, undefined],
      [US_POSTAL, undefined],
    ],
    [
      [STATE, R],
      [US_POSTAL, R],
    ],
  ),
  ok('profile', 'other countries: no state, any postal code', [NOT_US, [STATE, undefined], [US_POSTAL, 'AB-12']]),
  ok('profile', 'other countries: no postal code', [NOT_US, [US_POSTAL, undefined]]),
];

const P = '/primaryPhoneNumber/phone';
const S = '/secondaryPhoneNumber';
export const phoneCases: Case[] = [
  ok('profile', 'code 1: 10 digits', [P, '2175550100']),
  ok('profile', 'code 1: 10 digits with formatting', [P, '(217) 555-0100']),
  c('profile', 'code 1: 9 digits', [P, '217555010'], [[P, 'Validation.InvalidPhoneNumber']]),
  c('profile', 'code 1: 11 digits', [P, '12175550100'], [[P, 'Validation.InvalidPhoneNumber']]),
  c(
    'profile',
    'code +1: 11 digits',
    [
      ['/primaryPhoneNumber/countryCode', '+1'],
      [P, '12175550100'],
    ],
    [[P, 'Validation.InvalidPhoneNumber']],
  ),
  ok('profile', 'code 971: 50 and 7 digits', [
    [`${S}/countryCode`, '971'],
    [`${S}/phone`, '501234567'],
  ]),
  ok('profile', 'code 971: leading 0, 56 and 7 digits', [
    [`${S}/countryCode`, '971'],
    [`${S}/phone`, '0561234567'],
  ]),
  ok('profile', 'code +971: 52', [
    [`${S}/countryCode`, '+971'],
    [`${S}/phone`, '521234567'],
  ]),
  ok('profile', 'code 971: 55', [
    [`${S}/countryCode`, '971'],
    [`${S}/phone`, '551234567'],
  ]),
  c(
    'profile',
    'code 971: 53 is not a mobile prefix',
    [
      [`${S}/countryCode`, '971'],
      [`${S}/phone`, '531234567'],
    ],
    [[`${S}/phone`, 'Validation.InvalidPhoneNumber']],
  ),
  c(
    'profile',
    'code 971: 6 digits after the prefix',
    [
      [`${S}/countryCode`, '971'],
      [`${S}/phone`, '50123456'],
    ],
    [[`${S}/phone`, 'Validation.InvalidPhoneNumber']],
  ),
  c(
    'profile',
    'code 971: 8 digits after the prefix',
    [
      [`${S}/countryCode`, '971'],
      [`${S}/phone`, '5012345678'],
    ],
    [[`${S}/phone`, 'Validation.InvalidPhoneNumber']],
  ),
  ok('profile', 'other codes: free format', [
    [`${S}/countryCode`, '44'],
    [`${S}/phone`, '020 7946 0958'],
  ]),
  c('profile', 'primary phone number required', [P, undefined], [[P, R]]),
  c('profile', 'primary phone number empty', [P, ''], [[P, R]]),
  c('profile', 'primary phone country code required', ['/primaryPhoneNumber/countryCode', ''], [['/primaryPhoneNumber/countryCode', R]]),
  ok('profile', 'secondary and mobile phones are optional', [
    [S, undefined],
    ['/mobilePhoneNumber/phone', undefined],
    ['/allowConsentToSendSmsTextMessages', false],
  ]),
  ok('profile', 'secondary phone with an empty number', [`${S}/phone`, '']),
  c('profile', 'secondary phone equal to the primary', [`${S}/phone`, '2175550100'], [[`${S}/phone`, 'Validation.PrimaryPhoneNumber']]),
  c(
    'profile',
    'SMS consent without a mobile number',
    ['/mobilePhoneNumber/phone', undefined],
    [['/mobilePhoneNumber/phone', 'Validation.validMobilePhoneNumber']],
  ),
  c(
    'profile',
    'SMS consent with an empty mobile number',
    ['/mobilePhoneNumber/phone', ''],
    [['/mobilePhoneNumber/phone', 'Validation.validMobilePhoneNumber']],
  ),
  c('profile', 'SMS consent without a mobile phone', ['/mobilePhoneNumber', undefined], [['/mobilePhoneNumber', 'Validation.validMobilePhoneNumber']]),
  ok('profile', 'no SMS consent, no mobile phone', [
    ['/allowConsentToSendSmsTextMessages', false],
    ['/mobilePhoneNumber', undefined],
  ]),
  c('profile', 'phone type outside the list', [`${S}/phonetype`, 'Pager'], [[`${S}/phonetype`, 'Validation.InvalidPhoneType']]),
  c('demographics', 'mobile phone number required', ['/mobilePhoneNumber/phone', undefined], [['/mobilePhoneNumber/phone', R]]),
  c('demographics', 'mobile phone country code required', ['/mobilePhoneNumber/countryCode', undefined], [['/mobilePhoneNumber/countryCode', R]]),
  c('demographics', 'primary phone required', ['/primaryPhoneNumber', undefined], [['/primaryPhoneNumber', R]]),
  ok('demographics', 'SMS consent optional', ['/allowConsentToSendSmsTextMessages', undefined]),
];

const E = '/alternateEmail';
export const emailCases: Case[] = [
  ok('profile', 'alternate email of 6 characters', [E, 'a@b.co']),
  c('profile', 'alternate email of 5 characters', [E, 'a@b.c'], [[E, 'Validation.InvalidEmail']]),
  c('profile', 'alternate email without @', [E, 'learner.example.com'], [[E, 'Validation.ValidEmail']]),
  c('profile', 'alternate email without a domain dot', [E, 'learner@example'], [[E, 'Validation.ValidEmail']]),
  c('profile', 'alternate email with a space', [E, 'lea rner@example.com'], [[E, 'Validation.ValidEmail']]),
  ok('profile', 'alternate email may be blank', [E, '']),
  ok('profile', 'alternate email may be absent', [E, undefined]),
  c('profile', 'alternate email equal to the primary', [E, 'learner@example.com'], [[E, 'Validation.PrimaryEmail']]),
  ok('profile', 'alternate email when no primary is known', [
    ['/email', undefined],
    [E, 'learner@example.com'],
  ]),
  c('profile', 'given first name holding an email', ['/givenName/firstName', 'me@example.com'], [['/givenName/firstName', IN]]),
  c('profile', 'given last name holding an email', ['/givenName/lastName', 'Smith smith@example.com'], [['/givenName/lastName', IN]]),
  c('profile', 'preferred first name holding an email', ['/preferredName/firstName', 'me@example.com'], [['/preferredName/firstName', IN]]),
  ok('profile', 'a name with @ but no address', ['/preferredName/firstName', 'Jo @ home']),
  c('email', 'new email required', ['/email', undefined], [['/email', R]]),
  c('email', 'new email empty', ['/email', ''], [['/email', R]]),
  c('email', 'new email malformed', ['/email', 'not-an-email'], [['/email', 'Validation.ValidEmail']]),
  c('email', 'new email equal to the current one', ['/email', 'learner@example.com'], [['/email', 'Validation.CurrentEmail']]),
  c('email', 'new email equal to the alternate one', ['/email', 'learner.other@example.org'], [['/email', 'Validation.AlternateEmail']]),
  ok('email', 'no alternate email to compare with', [['/alternateEmail', undefined]]),
  ok('email', 'an empty alternate email is not compared', [['/alternateEmail', '']]),
  c('email', 'current password required', ['/currentPassword', undefined], [['/currentPassword', R]]),
  c('email', 'current password empty', ['/currentPassword', ''], [['/currentPassword', R]]),
  c('email', 'step 2: verification code required', ['/verificationCodeSent', true], [['/verificationCode', R]]),
  c(
    'email',
    'step 2: verification code empty',
    [
      ['/verificationCodeSent', true],
      ['/verificationCode', ''],
    ],
    [['/verificationCode', R]],
  ),
  ok('email', 'step 2: with the code', [
    ['/verificationCodeSent', true],
    ['/verificationCode', '123456'],
  ]),
  ok('email', 'step 1: no code yet', ['/verificationCodeSent', false]),
];

const NP = '/newPassword';
const samePassword = (value: string): Change[] => [
  [NP, value],
  ['/confirmPassword', value],
];
export const passwordCases: Case[] = [
  ok('password', '10 characters, 3 classes', samePassword('Abcdefgh12')),
  c('password', '9 characters', samePassword('Abcdefg12'), [[NP, 'Validation.Password']]),
  ok('password', '24 characters', samePassword(`Ab1${repeat(21)}`)),
  c('password', '25 characters', samePassword(`Ab1${repeat(22)}`), [[NP, 'Validation.Password']]),
  c('password', 'lowercase and digits only', samePassword('abcdefgh12'), [[NP, 'Validation.Password']]),
  c('password', 'uppercase and lowercase only', samePassword('ABCDEfghij'), [[NP, 'Validation.Password']]),
  ok('password', 'lowercase, digits, symbol', samePassword('abcdefgh1!')),
  ok('password', 'uppercase, digits, symbol', samePassword('ABCDEFGH1#')),
  ok('password', 'lowercase, uppercase, symbol', samePassword('abcdEFGH~~')),
  ok('password', 'all four classes with quote, backslash and brackets', samePassword('aB1"\\[]{}()')),
  c('password', 'a character outside the listed symbols', samePassword('Abcdefgh12é'), [[NP, 'Validation.Password']]),
  c('password', 'a space', samePassword('Abcd efgh12'), [[NP, 'Validation.Password']]),
  c('password', 'new password equal to the current one', samePassword('Old-password-1'), [[NP, 'Validation.CurrentPassword']]),
  c('password', 'confirmation does not match', ['/confirmPassword', 'Abcdefgh13'], [['/confirmPassword', 'Validation.PasswordsMatch']]),
  c('password', 'current password required', ['/currentPassword', undefined], [['/currentPassword', R]]),
  c('password', 'new password required', [NP, undefined], [[NP, R]]),
  c('password', 'confirmation required', ['/confirmPassword', undefined], [['/confirmPassword', R]]),
];

export const profileCases: Case[] = [
  ok('profile', 'the valid profile', []),
  c('profile', 'given first name required', ['/givenName/firstName', undefined], [['/givenName/firstName', R]]),
  c('profile', 'given first name empty', ['/givenName/firstName', ''], [['/givenName/firstName', R]]),
  c('profile', 'given last name required', ['/givenName/lastName', undefined], [['/givenName/lastName', R]]),
  ok('profile', 'middle name and suffix optional', [
    ['/givenName/middleName', undefined],
    ['/givenName/suffix', undefined],
  ]),
  ok('profile', 'preferred name optional', ['/preferredName', undefined]),
  ok('profile', 'preferred name blank', ['/preferredName', { firstName: '', lastName: '' }]),
  c('profile', 'address line 1 required', [`${ADDRESS}/address1`, undefined], [[`${ADDRESS}/address1`, R]]),
  c('profile', 'city required', [`${ADDRESS}/city`, ''], [[`${ADDRESS}/city`, R]]),
  c('profile', 'country required', [`${ADDRESS}/country`, undefined], [[`${ADDRESS}/country`, R]]),
  c('profile', 'country not in the list', [`${ADDRESS}/country`, 'XYZ'], [[`${ADDRESS}/country`, 'Validation.InvalidCountry']]),
  c('profile', 'language not offered', ['/preferences/language', 'fr'], [['/preferences/language', 'Validation.InvalidLanguage']]),
  ok('profile', 'every offered language', ['/preferences/language', 'zh-Hant']),
];

export const examCases: Case[] = [
  ok('exam', 'the valid exam profile', []),
  c('exam', 'email required', ['/email', undefined], [['/email', R]]),
  c('exam', 'privacy policy must be accepted', ['/privacyPolicyAccepted', false], [['/privacyPolicyAccepted', 'Validation.PrivacyPolicy']]),
  c('exam', 'privacy policy answer required', ['/privacyPolicyAccepted', undefined], [['/privacyPolicyAccepted', R]]),
  c(
    'exam',
    'consent given: birth month and year required',
    [
      ['/birthMonth', undefined],
      ['/birthYear', undefined],
    ],
    [
      ['/birthMonth', R],
      ['/birthYear', R],
    ],
  ),
  c('exam', 'consent given: empty birth year', ['/birthYear', ''], [['/birthYear', R]]),
  c('exam', 'birth month 13', ['/birthMonth', '13'], [['/birthMonth', 'Validation.InvalidBirthMonth']]),
  c('exam', 'birth month without a leading zero', ['/birthMonth', '5'], [['/birthMonth', 'Validation.InvalidBirthMonth']]),
  c('exam', 'birth year of 2 digits', ['/birthYear', '90'], [['/birthYear', 'Validation.InvalidBirthYear']]),
  c('exam', 'birth year of 5 digits', ['/birthYear', '19900'], [['/birthYear', 'Validation.InvalidBirthYear']]),
  ok('exam', 'no consent: no birth data needed', [
    ['/allowConsentToGatherBirthInformation', false],
    ['/birthMonth', undefined],
    ['/birthYear', undefined],
  ]),
  ok('exam', 'not a citizen: no consent or birth data', [
    ['/isUsCitizenOlderThanEighteenYears', false],
    ['/allowConsentToGatherBirthInformation', undefined],
    ['/birthMonth', undefined],
    ['/birthYear', undefined],
  ]),
  ok('exam', 'minor without citizen and birth fields', [
    ['/isMinor', true],
    ['/isUsCitizenOlderThanEighteenYears', undefined],
    ['/allowConsentToGatherBirthInformation', undefined],
    ['/birthMonth', undefined],
    ['/birthYear', undefined],
  ]),
  c(
    'exam',
    'minor with citizen and birth fields',
    ['/isMinor', true],
    [
      ['/allowConsentToGatherBirthInformation', 'Validation.NotForMinors'],
      ['/birthMonth', 'Validation.NotForMinors'],
      ['/birthYear', 'Validation.NotForMinors'],
      ['/isUsCitizenOlderThanEighteenYears', 'Validation.NotForMinors'],
    ],
  ),
  c(
    'exam',
    'profile rules hold too: secondary equals primary',
    ['/secondaryPhoneNumber/phone', '2175550100'],
    [['/secondaryPhoneNumber/phone', 'Validation.PrimaryPhoneNumber']],
  ),
  c(
    'exam',
    'profile rules hold too: SMS needs a mobile',
    ['/mobilePhoneNumber/phone', ''],
    [['/mobilePhoneNumber/phone', 'Validation.validMobilePhoneNumber']],
  ),
  c('exam', 'profile rules hold too: alternate equals primary', ['/alternateEmail', 'learner@example.com'], [['/alternateEmail', 'Validation.PrimaryEmail']]),
];

const day = (birthDay: string, birthMonth: string, birthYear: string): Change[] => [
  ['/birthDay', birthDay],
  ['/birthMonth', birthMonth],
  ['/birthYear', birthYear],
];
const BD = 'Validation.InvalidBirthDay';
export const demographicsCases: Case[] = [
  ok('demographics', 'the valid demographics', []),
  ok('demographics', 'January 31', day('31', '01', '1990')),
  c('demographics', 'January 32', day('32', '01', '1990'), [['/birthDay', BD]]),
  ok('demographics', 'April 30', day('30', '04', '1990')),
  c('demographics', 'April 31', day('31', '04', '1990'), [['/birthDay', BD]]),
  c('demographics', 'June 31', day('31', '06', '1990'), [['/birthDay', BD]]),
  c('demographics', 'September 31', day('31', '09', '1990'), [['/birthDay', BD]]),
  c('demographics', 'November 31', day('31', '11', '1990'), [['/birthDay', BD]]),
  ok('demographics', 'December 31', day('31', '12', '1990')),
  ok('demographics', 'February 28, 2023', day('28', '02', '2023')),
  c('demographics', 'February 29, 2023', day('29', '02', '2023'), [['/birthDay', BD]]),
  ok('demographics', 'February 29, 2024 (leap)', day('29', '02', '2024')),
  c('demographics', 'February 30, 2024', day('30', '02', '2024'), [['/birthDay', BD]]),
  ok('demographics', 'February 29, 2000 (century divisible by 400)', day('29', '02', '2000')),
  c('demographics', 'February 29, 1900 (century not divisible by 400)', day('29', '02', '1900'), [['/birthDay', BD]]),
  ok('demographics', 'February 29, 1904', day('29', '02', '1904')),
  ok('demographics', 'one-digit day', day('7', '03', '1990')),
  ok('demographics', 'two-digit day with leading zero', day('07', '03', '1990')),
  c('demographics', 'day 0', day('0', '03', '1990'), [['/birthDay', BD]]),
  c('demographics', 'day of 3 digits', day('100', '03', '1990'), [['/birthDay', BD]]),
  c('demographics', 'day with a letter', day('1a', '03', '1990'), [['/birthDay', BD]]),
  c('demographics', 'birth day required', ['/birthDay', undefined], [['/birthDay', R]]),
  c('demographics', 'birth month required', ['/birthMonth', undefined], [['/birthMonth', R]]),
  c('demographics', 'birth year required', ['/birthYear', undefined], [['/birthYear', R]]),
  c('demographics', 'older-than-18 must be checked', ['/isOlderThanEighteenYears', false], [['/isOlderThanEighteenYears', R]]),
  c(
    'demographics',
    'consent to birth information must be checked',
    ['/allowConsentToGatherBirthInformation', false],
    [['/allowConsentToGatherBirthInformation', R]],
  ),
  c('demographics', 'consent answer required', ['/allowConsentToGatherBirthInformation', undefined], [['/allowConsentToGatherBirthInformation', R]]),
  c('demographics', 'address line 1 required', [`${ADDRESS}/address1`, undefined], [[`${ADDRESS}/address1`, R]]),
  c('demographics', 'address required', [ADDRESS, undefined], [[ADDRESS, R]]),
];

export const smallFormCases: Case[] = [
  ok('company-country', 'company and country', []),
  ok('company-country', 'company optional', ['/company', undefined]),
  c('company-country', 'country required', ['/country', undefined], [['/country', R]]),
  // An empty string is also outside the enum: both keys, at the field.
  c(
    'company-country',
    'country empty',
    ['/country', ''],
    [
      ['/country', R],
      ['/country', 'Validation.InvalidCountry'],
    ],
  ),
  c('company-country', 'country not in the list', ['/country', 'ZZZ'], [['/country', 'Validation.InvalidCountry']]),
  ok('redeem', 'an access key', []),
  c('redeem', 'access key required', ['/accessKey', undefined], [['/accessKey', R]]),
  c('redeem', 'access key empty', ['/accessKey', ''], [['/accessKey', R]]),
  ok('course-picker', 'a product id', []),
  c('course-picker', 'product id required', ['/productId', undefined], [['/productId', R]]),
  c('course-picker', 'product id must be a number', ['/productId', '1234'], [['/productId', R]]),
  // The shipping address has the profile's address rules, at its own paths.
  ok('address', 'a US address', []),
  ok('address', 'a Canadian address', [
    ['/address/country', 'CAN'],
    ['/address/state', 'ON'],
    ['/address/postalCode', 'K1A 0B1'],
  ]),
  c('address', 'address required', ['/address', undefined], [['/address', R]]),
  c('address', 'USA: 4-digit postal code', ['/address/postalCode', '6060'], [['/address/postalCode', 'Validation.InvalidPostalCode']]),
  c(
    'address',
    'CAN: US postal code',
    [
      ['/address/country', 'CAN'],
      ['/address/state', 'ON'],
      ['/address/postalCode', '60601'],
    ],
    [['/address/postalCode', 'Validation.InvalidPostalCode']],
  ),
  c('address', 'USA: state required', ['/address/state', ''], [['/address/state', R]]),
  c('address', 'city of 33 characters', ['/address/city', 'c'.repeat(33)], [['/address/city', 'Validation.InvalidCity']]),
];

// Counterexamples the agreement test (agreement.test.ts) found, as fast-check shrank them.
export const agreementCases: Case[] = [
  // The services put "not for minors" at the form's root, the browser at the field itself.
  c(
    'exam',
    'a minor with an empty citizen answer',
    [
      ['/isMinor', true],
      ['/isUsCitizenOlderThanEighteenYears', ''],
      ['/allowConsentToGatherBirthInformation', undefined],
      ['/birthMonth', undefined],
      ['/birthYear', undefined],
    ],
    [['/isUsCitizenOlderThanEighteenYears', 'Validation.NotForMinors']],
  ),
];

export const allCases: Record<string, Case[]> = {
  'general text': generalTextCases,
  'maximum lengths': lengthCases,
  'postal codes and states': postalCases,
  phones: phoneCases,
  'e-mail': emailCases,
  password: passwordCases,
  profile: profileCases,
  'exam form': examCases,
  'demographics form': demographicsCases,
  'company/country, redeem, course picker': smallFormCases,
  'found by the agreement test': agreementCases,
};
