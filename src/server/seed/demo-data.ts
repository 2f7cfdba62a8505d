// The demo data: every account, key and product the README lists. Ids are fixed so seeding twice
// changes nothing and tests can name them.
import type { StoredProfile } from '../../shared/profile/view';

export interface DemoAccount {
  id: string;
  email: string;
  password: string | null;
  givenName: string;
  familyName: string;
  locale?: 'en' | 'ja';
  social?: boolean;
  /** Social accounts: the password the demo social provider stand-in knows them by. */
  socialPassword?: string;
  blocked?: boolean;
  /** Omitted: the account has no profile. */
  profile?: StoredProfile | null;
  role?: { role: string; campusId: string | null };
  /** Admin roles (docs/admin-area.md): product-owner, localisation. */
  adminRoles?: string[];
}

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
export const demoId = uuid;

const address = (overrides: Record<string, string | number | boolean> = {}) => ({
  address1: '100 Main Street',
  address2: 'Suite 200',
  city: 'Chicago',
  state: 'IL',
  country: 'USA',
  postalCode: '60601',
  index: 0,
  isPrimary: true,
  ...overrides,
});

function profile(email: string, first: string, last: string, extra: Partial<StoredProfile> = {}, language = 'en'): StoredProfile {
  return {
    email,
    givenName: { firstName: first, middleName: '', lastName: last, suffix: '' },
    preferences: { language, allowMarketingEmails: false },
    addresses: [address()],
    phoneNumbers: [{ countryCode: '1', phone: '3125550100', phonetype: 'Home', index: 0, isPrimary: true }],
    externalIds: {},
    audience: 'B2C',
    isBlocked: false,
    isMinor: false,
    authenticationSource: 'localAuthentication',
    ...extra,
  };
}

export const LEARNER_ID = uuid(1);
export const LEARNER_PASSWORD = 'LearnerDemo2026';
const E2E_PASSWORD = 'E2eLearner2026';
export const OWNER_PASSWORD = 'OwnerDemo2026';
export const TRANSLATOR_PASSWORD = 'TranslatorDemo2026';
export const OWNER_ID = uuid(40);
export const OWNER2_ID = uuid(41);
export const TRANSLATOR_ID = uuid(42);
export const TRANSLATOR2_ID = uuid(48);
const ROLE_PASSWORD = 'RoleDemo2026';

export const demoAccounts: DemoAccount[] = [
  {
    id: LEARNER_ID,
    email: 'learner@example.com',
    password: LEARNER_PASSWORD,
    givenName: 'Alexandra',
    familyName: 'Rivera',
    profile: profile('learner@example.com', 'Alexandra', 'Rivera', {
      givenName: { firstName: 'Alexandra', middleName: 'Jane', lastName: 'Rivera', suffix: '' },
      preferredName: { firstName: 'Alex', middleName: '', lastName: 'Rivera', suffix: '' },
      alternateEmail: 'alex.rivera@example.org',
      company: 'Example Learning Co',
      preferences: { language: 'en', allowMarketingEmails: true },
      allowConsentToSendSmsTextMessages: true,
      addresses: [address(), address({ address1: '42 Lake Shore Drive', address2: '', city: 'Evanston', postalCode: '60201', index: 1, isPrimary: false })],
      phoneNumbers: [
        { countryCode: '1', phone: '3125550100', phonetype: 'Home', index: 0, isPrimary: true },
        { countryCode: '1', phone: '3125550101', phonetype: 'Home', index: 1, isPrimary: false },
        { countryCode: '1', phone: '3125550102', phonetype: 'Cellphone', index: 2, isPrimary: false },
      ],
      externalIds: { certMaster: 'cm-1000001', canvas: 'cv-1000001', benchPrep: 'bp-1000001', skillable: 'sk-1000001', populi: 'po-1000001' },
      birthMonth: '04',
      birthDay: '12',
      birthYear: '1990',
      isOlderThanEighteenYears: true,
      isUsCitizenOlderThanEighteenYears: true,
      allowConsentToGatherBirthInformation: true,
      privacyPolicyAccepted: true,
    }),
  },
  {
    id: uuid(2),
    email: 'minor@example.com',
    password: 'MinorDemo2026',
    givenName: 'Sam',
    familyName: 'Lee',
    profile: profile('minor@example.com', 'Sam', 'Lee', {
      isMinor: true,
      consentApprovedDate: '2026-01-15T00:00:00.000Z',
      externalIds: { certMaster: 'cm-1000002' },
    }),
  },
  {
    id: uuid(3),
    email: 'blocked@example.com',
    password: 'BlockedDemo2026',
    givenName: 'Jordan',
    familyName: 'Blake',
    blocked: true,
    profile: profile('blocked@example.com', 'Jordan', 'Blake', { isBlocked: true, externalIds: { pearsonVue: '900000003' } }),
  },
  {
    id: uuid(4),
    email: 'social@example.com',
    password: null,
    givenName: 'Riley',
    familyName: 'Social',
    social: true,
    socialPassword: 'SocialDemo2026',
    profile: profile('social@example.com', 'Riley', 'Social', { authenticationSource: 'socialIdpAuthentication' }),
  },
  ...(
    [
      [5, 'employee', 'Employee', null],
      [6, 'administrator', 'Administrator', 'campus-1001'],
      [7, 'instructor', 'Instructor', 'campus-1002'],
      [8, 'other', 'Other', 'campus-1003'],
    ] as const
  ).map(([n, role, name, campusId]) => ({
    id: uuid(n),
    email: `${role}@example.com`,
    password: ROLE_PASSWORD,
    givenName: 'Casey',
    familyName: name,
    profile: profile(`${role}@example.com`, 'Casey', name, { externalIds: { certMaster: `cm-10000${n}` } }),
    role: { role, campusId },
  })),
  {
    id: uuid(9),
    email: 'b2b@example.com',
    password: 'BusinessDemo2026',
    givenName: 'Morgan',
    familyName: 'Business',
    profile: profile('b2b@example.com', 'Morgan', 'Business', { audience: 'B2B', company: 'Example Enterprises', externalIds: { certMaster: 'cm-1000009' } }),
  },
  {
    id: uuid(10),
    email: 'fulfilment@example.com',
    password: 'FulfilDemo2026',
    givenName: 'Pat',
    familyName: 'Parcel',
    profile: profile('fulfilment@example.com', 'Pat', 'Parcel', { externalIds: { certMaster: 'cm-1000010' } }),
  },
  {
    id: uuid(11),
    email: 'link@example.com',
    password: 'LinkDemo2026',
    givenName: 'Taylor',
    familyName: 'Legacy',
    profile: profile('link@example.com', 'Taylor', 'Legacy'),
  },
  {
    id: uuid(12),
    email: 'noprofile@example.com',
    password: 'NoProfile2026',
    givenName: 'Quinn',
    familyName: 'Empty',
    profile: null,
  },
  // Browser tests of an account without a profile (creating one), of signing in again after an
  // e-mail change (in each language) and of answers a form understands.
  {
    id: uuid(34),
    email: 'e2e.noprofile@example.com',
    password: E2E_PASSWORD,
    givenName: 'Robin',
    familyName: 'Tester',
    locale: 'en',
    profile: null,
  },
  ...(
    [
      [35, 'e2e.relogin', 'en'],
      [36, 'e2e.relogin.ja', 'ja'],
      [37, 'e2e.alarm', 'en'],
    ] as const
  ).map(([n, name, locale]) => ({
    id: uuid(n),
    email: `${name}@example.com`,
    password: E2E_PASSWORD,
    givenName: 'Robin',
    familyName: 'Tester',
    locale,
    profile: profile(`${name}@example.com`, 'Robin', 'Tester', { externalIds: { certMaster: `cm-10000${n}` } }, locale),
  })),
  // The admin area (docs/admin-area.md): two product owners (the second approves the first one's
  // drafts) and a localisation account. Two of their profiles hold cities longer than 20
  // characters, so a draft that shortens the city shows stored profiles it would now reject.
  {
    id: OWNER_ID,
    email: 'owner@example.com',
    password: OWNER_PASSWORD,
    givenName: 'Olivia',
    familyName: 'Owner',
    adminRoles: ['product-owner'],
    profile: profile('owner@example.com', 'Olivia', 'Owner', {
      addresses: [address({ address1: '22 Avenida de las Flores', address2: '', city: 'Rancho Santa Margarita', state: 'CA', postalCode: '92688' })],
    }),
  },
  {
    id: OWNER2_ID,
    email: 'owner2@example.com',
    password: OWNER_PASSWORD,
    givenName: 'Oscar',
    familyName: 'Approver',
    adminRoles: ['product-owner'],
    profile: profile('owner2@example.com', 'Oscar', 'Approver'),
  },
  {
    id: TRANSLATOR_ID,
    email: 'translator@example.com',
    password: TRANSLATOR_PASSWORD,
    givenName: 'Tomoko',
    familyName: 'Translator',
    adminRoles: ['localisation'],
    profile: profile('translator@example.com', 'Tomoko', 'Translator', {
      addresses: [address({ address1: '5 Broadway Street', address2: '', city: 'Truth or Consequences', state: 'NM', postalCode: '87901' })],
    }),
  },
  {
    id: TRANSLATOR2_ID,
    email: 'translator2@example.com',
    password: TRANSLATOR_PASSWORD,
    givenName: 'Kenji',
    familyName: 'Reviewer',
    adminRoles: ['localisation'],
    profile: profile('translator2@example.com', 'Kenji', 'Reviewer'),
  },
  ...(
    [
      [20, 'e2e.password', 'en'],
      [21, 'e2e.email', 'en'],
      [22, 'e2e.profile', 'en'],
      [23, 'e2e.redeem', 'en'],
      [24, 'e2e.password.ja', 'ja'],
      [25, 'e2e.email.ja', 'ja'],
      [26, 'e2e.profile.ja', 'ja'],
      [27, 'e2e.redeem.ja', 'ja'],
    ] as const
  ).map(([n, name, locale]) => ({
    id: uuid(n),
    email: `${name}@example.com`,
    password: E2E_PASSWORD,
    givenName: locale === 'ja' ? 'Hanako' : 'Robin',
    familyName: locale === 'ja' ? 'Yamada' : 'Tester',
    locale,
    profile: profile(
      `${name}@example.com`,
      locale === 'ja' ? 'Hanako' : 'Robin',
      locale === 'ja' ? 'Yamada' : 'Tester',
      { externalIds: { certMaster: `cm-10000${n}` } },
      locale,
    ),
  })),
  // Redemption paths for the browser tests: CertMaster Practice keys (no company yet), a Populi key,
  // and the upgrade of an account that has no platform account.
  ...(
    [
      [28, 'e2e.cmp', { externalIds: { certMaster: 'cm-1000028' } }],
      [29, 'e2e.populi', { company: 'Example Learning Co', externalIds: { certMaster: 'cm-1000029' } }],
      [30, 'e2e.upgrade', { company: 'Example Learning Co' }],
      [31, 'e2e.launch', { company: 'Example Learning Co', externalIds: { certMaster: 'cm-1000031', pearsonVue: '900000031', skillable: 'sk-1000031' } }],
      // The rules console's journey (tests/e2e/rules-journey.spec.ts): its city is saved under rules the product owner publishes.
      [49, 'e2e.rules', { company: 'Example Learning Co' }],
    ] as const
  ).map(([n, name, extra]) => ({
    id: uuid(n),
    email: `${name}@example.com`,
    password: E2E_PASSWORD,
    givenName: 'Robin',
    familyName: 'Tester',
    locale: 'en' as const,
    profile: profile(`${name}@example.com`, 'Robin', 'Tester', extra),
  })),
  // Pending fulfilments for the browser tests of the address-verification banner, in each language.
  ...(
    [
      [32, 'e2e.fulfilment', 'en'],
      [33, 'e2e.fulfilment.ja', 'ja'],
    ] as const
  ).map(([n, name, locale]) => ({
    id: uuid(n),
    email: `${name}@example.com`,
    password: E2E_PASSWORD,
    givenName: 'Pat',
    familyName: 'Parcel',
    locale,
    profile: profile(`${name}@example.com`, 'Pat', 'Parcel', { externalIds: { certMaster: `cm-10000${n}`, pearsonVue: `9000000${n}` } }, locale),
  })),
  // The browser's fault tests (tests/e2e/faults.spec.ts, session.spec.ts): accounts of their own,
  // so the saves they let through change nobody else's data.
  ...(
    [
      [43, 'e2e.faults', 'en', { company: 'Example Learning Co', externalIds: { certMaster: 'cm-1000043' } }],
      [44, 'e2e.faults.ja', 'ja', { company: 'Example Learning Co', externalIds: { certMaster: 'cm-1000044' } }],
      [45, 'e2e.faults.cmp', 'en', { externalIds: { certMaster: 'cm-1000045' } }],
      [46, 'e2e.faults.populi', 'en', { company: 'Example Learning Co', externalIds: { certMaster: 'cm-1000046' } }],
      [47, 'e2e.faults.session', 'en', { company: 'Example Learning Co', externalIds: { certMaster: 'cm-1000047' } }],
      // Signs in in the same tab after e2e.faults.session's session ended: it must not see that account's draft.
      [50, 'e2e.faults.session2', 'en', { company: 'Example Learning Co', externalIds: { certMaster: 'cm-1000050' } }],
      // No platform account: a redemption asks to upgrade (tests/e2e/faults.spec.ts), once with a legacy account to link.
      [51, 'e2e.faults.upgrade', 'en', { company: 'Example Learning Co' }],
      [52, 'e2e.faults.link', 'en', { company: 'Example Learning Co' }],
      // The browser's Back, Forward and reload in the middle of a dialog (tests/e2e/dialog-navigation.spec.ts):
      // a linked account that redeems, one with no platform account and a legacy account to link, and
      // one that changes its e-mail (in each language).
      [53, 'e2e.nav.redeem', 'en', { company: 'Example Learning Co', externalIds: { certMaster: 'cm-1000053' } }],
      [54, 'e2e.nav.link', 'en', { company: 'Example Learning Co' }],
      [55, 'e2e.nav.email', 'en', { company: 'Example Learning Co', externalIds: { certMaster: 'cm-1000055' } }],
      [56, 'e2e.nav.email.ja', 'ja', { company: 'Example Learning Co', externalIds: { certMaster: 'cm-1000056' } }],
      // Where the focus lands after each action (tests/e2e/focus-after-actions.spec.ts): it changes its e-mail.
      [57, 'e2e.a11y', 'en', { company: 'Example Learning Co', externalIds: { certMaster: 'cm-1000057' } }],
    ] as const
  ).map(([n, name, locale, extra]) => ({
    id: uuid(n),
    email: `${name}@example.com`,
    password: E2E_PASSWORD,
    givenName: 'Robin',
    familyName: 'Tester',
    locale,
    profile: profile(`${name}@example.com`, 'Robin', 'Tester', extra, locale),
  })),
];

export interface DemoProduct {
  id: number;
  vendor: string;
  code: string;
  title: string;
  classroom?: string;
  version?: string;
}

export const demoProducts: DemoProduct[] = [
  { id: 1, vendor: 'certMaster', code: 'CM-SEC-701', title: 'Security Essentials CertMaster Learn', version: 'V2' },
  { id: 2, vendor: 'certMaster', code: 'CM-NET-009', title: 'Networking Essentials CertMaster Learn', version: '2026' },
  { id: 3, vendor: 'certMaster', code: 'CM-APL-1201', title: 'IT Support Core 1 CertMaster Learn', version: '1201' },
  { id: 4, vendor: 'benchPrep', code: 'BP-CLOUD-ESS', title: 'Cloud Fundamentals Exam Prep' },
  { id: 5, vendor: 'canvas', code: 'CV-LINUX-101', title: 'Linux Administration Instructor-led Course', classroom: 'class-501' },
  { id: 6, vendor: 'skillable', code: 'SK-SEC-LABS', title: 'Security Essentials Labs' },
  { id: 7, vendor: 'populi', code: 'PO-DATA-LOT', title: 'Data Analysis LOT Course' },
  { id: 8, vendor: 'gutenberg', code: 'GB-NET-EBOOK', title: 'Networking Essentials eBook' },
  { id: 9, vendor: 'certMaster', code: 'CM-TRIAL-CLOUD', title: 'Cloud Operations CertMaster Learn (trial)' },
  { id: 10, vendor: 'certMaster', code: 'CM-ITF-FC0', title: 'IT Fundamentals CertMaster Learn' },
  { id: 11, vendor: 'certMasterPractice', code: 'CMP-PEN-003', title: 'Penetration Testing CertMaster Practice' },
  { id: 12, vendor: 'certMetrics', code: 'CE-TRACKER', title: 'Continuing Education Tracker' },
  { id: 13, vendor: 'optimizely', code: 'OP-ONBOARD', title: 'Onboarding Journey' },
  { id: 14, vendor: 'pearsonVue', code: 'PV-SEC-VOUCHER', title: 'Security Essentials Exam Voucher' },
  { id: 15, vendor: 'zendesk', code: 'ZD-PREMIUM', title: 'Premium Support' },
  { id: 16, vendor: 'benchPrep', code: 'BP-PROJ-PREP', title: 'Project Coordination Exam Prep' },
  { id: 17, vendor: 'canvas', code: 'CV-CYSA-201', title: 'Security Analysis Instructor-led Course', classroom: 'class-502' },
  { id: 18, vendor: 'skillable', code: 'SK-NET-LABS', title: 'Networking Essentials Labs' },
  { id: 19, vendor: 'populi', code: 'PO-SEC-101', title: 'Security Foundations Course' },
];

export interface DemoEntitlement {
  id: string;
  accountId: string;
  productId: number;
  /** Days from the seeding day; null: no date. */
  redeemedDaysAgo: number | null;
  expiresInDays: number | null;
  migratedTo?: string;
  consentStatus?: string;
  accountType?: 'personal' | 'business';
  temporary?: boolean;
}

const ent = (
  n: number,
  accountId: string,
  productId: number,
  redeemedDaysAgo: number | null,
  expiresInDays: number | null,
  extra: Partial<DemoEntitlement> = {},
): DemoEntitlement => ({
  id: uuid(1000 + n),
  accountId,
  productId,
  redeemedDaysAgo,
  expiresInDays,
  ...extra,
});

export const demoEntitlements: DemoEntitlement[] = [
  ent(1, LEARNER_ID, 1, 300, 30), // expires soon: a longer key can extend it
  ent(2, LEARNER_ID, 2, 20, 700),
  // The migration notice's own label says "moved to a new edition", in the learner's language.
  ent(3, LEARNER_ID, 10, 800, -200, { migratedTo: 'IT Foundations CertMaster Learn V2' }),
  ent(4, LEARNER_ID, 4, null, null), // BenchPrep without dates counts as active
  ent(5, LEARNER_ID, 5, 60, 300, { consentStatus: 'approved' }),
  ent(6, LEARNER_ID, 6, 400, -30),
  ent(7, LEARNER_ID, 7, 10, 355, { consentStatus: 'pending' }),
  ent(8, LEARNER_ID, 8, 90, 275),
  ent(9, LEARNER_ID, 9, 200, -170, { temporary: true }),
  ent(10, LEARNER_ID, 11, 30, 335),
  ent(11, LEARNER_ID, 12, 120, 245),
  ent(12, LEARNER_ID, 13, 500, -135),
  ent(13, LEARNER_ID, 14, 15, 350),
  ent(14, LEARNER_ID, 15, 45, 320),
  ent(15, LEARNER_ID, 16, 700, -10),
  ent(16, demoId(9), 1, 50, 315, { accountType: 'business' }),
  ent(17, demoId(9), 17, 50, 315, { accountType: 'business' }),
  ent(18, demoId(2), 3, 5, 360, { consentStatus: 'approved' }),
  ent(19, demoId(5), 2, 100, 265),
  ent(20, demoId(31), 18, 10, 300), // an active lab for the launch tests
];

export interface DemoKey {
  key: string;
  vendor: string | null;
  productIds: number[];
  reservation?: boolean;
  maxUses?: number | null;
  uses?: number;
  activatesAt?: string;
  expiresAt?: string;
  accessDays?: number | null;
  accessExpiresAt?: string;
  temporary?: boolean;
  schools?: boolean;
  trials?: boolean;
  singleProductLink?: boolean;
  /** Accounts that already redeemed the key. */
  redeemedBy?: string[];
  /** The result code the key gives the demo learner (README table). */
  learnerResult: string;
}

export const demoKeys: DemoKey[] = [
  { key: 'DEMO-SUCCESS-0000', vendor: 'certMaster', productIds: [3], accessDays: 365, learnerResult: 'Success' },
  { key: 'DEMO-EXTEND-0002', vendor: 'certMaster', productIds: [1], accessDays: 365, learnerResult: 'CanExtendAccess' },
  { key: 'DEMO-OWNED-0004', vendor: 'certMaster', productIds: [2], accessDays: 365, learnerResult: 'HasProductAlready' },
  {
    key: 'RSV-USED-0006',
    vendor: 'certMaster',
    productIds: [3],
    reservation: true,
    maxUses: 1,
    uses: 1,
    accessDays: 365,
    redeemedBy: [demoId(9)],
    learnerResult: 'ReservationAlreadyUsed',
  },
  {
    key: 'RSV-EXPIRED-0007',
    vendor: 'certMaster',
    productIds: [3],
    reservation: true,
    maxUses: 10,
    expiresAt: '2024-12-31T00:00:00Z',
    accessDays: 365,
    learnerResult: 'ReservationExpired',
  },
  {
    key: 'RSV-OVERUSED-0008',
    vendor: 'certMaster',
    productIds: [3],
    reservation: true,
    maxUses: 5,
    uses: 5,
    accessDays: 365,
    learnerResult: 'ReservationOverUsed',
  },
  {
    key: 'RSV-BADEXP-0009',
    vendor: 'certMaster',
    productIds: [3],
    reservation: true,
    maxUses: 10,
    accessExpiresAt: '2025-01-31T00:00:00Z',
    learnerResult: 'BadExpiration',
  },
  {
    key: 'RSV-DUPLICATE-0010',
    vendor: 'certMaster',
    productIds: [3],
    reservation: true,
    maxUses: 10,
    uses: 1,
    accessDays: 365,
    redeemedBy: [LEARNER_ID],
    learnerResult: 'DuplicateReservationForUser',
  },
  { key: 'RSV-EMPTY-0011', vendor: 'certMaster', productIds: [], reservation: true, maxUses: 10, accessDays: 365, learnerResult: 'InvalidReservation' },
  {
    key: 'RSV-SCHOOLS-0012',
    vendor: 'certMaster',
    productIds: [3],
    reservation: true,
    maxUses: 10,
    schools: true,
    accessDays: 365,
    learnerResult: 'Ls5ReservationNotSupportedSchools',
  },
  {
    key: 'RSV-TRIALS-0013',
    vendor: 'certMaster',
    productIds: [3],
    reservation: true,
    maxUses: 10,
    trials: true,
    accessDays: 365,
    learnerResult: 'Ls5ReservationNotSupportedTrials',
  },
  { key: 'RSV-BROKEN-0014', vendor: 'certMaster', productIds: [999], reservation: true, maxUses: 10, accessDays: 365, learnerResult: 'UnknownError' },
  { key: 'DEMO-TEMP-0015', vendor: 'certMaster', productIds: [9], temporary: true, accessDays: 14, learnerResult: 'TempAccessAlreadyUsed' },
  {
    key: 'RSV-FUTURE-0016',
    vendor: 'certMaster',
    productIds: [3],
    reservation: true,
    maxUses: 10,
    activatesAt: '2099-01-01T00:00:00Z',
    accessDays: 365,
    learnerResult: 'ReservationNotActiveYet',
  },
  {
    key: 'RSV-SPL-0017',
    vendor: 'certMaster',
    productIds: [3],
    reservation: true,
    maxUses: 10,
    singleProductLink: true,
    accessDays: 365,
    learnerResult: 'SingleProductLinkReservationsMustActivateSubLicenses',
  },
  { key: 'DEMO-BENCHPREP-0101', vendor: 'benchPrep', productIds: [16], accessDays: 180, learnerResult: 'Success (generic flow, vendor benchPrep)' },
  { key: 'DEMO-CANVAS-0102', vendor: 'canvas', productIds: [17], accessDays: 180, learnerResult: 'Success (generic flow, vendor canvas)' },
  { key: 'DEMO-POPULI-0103', vendor: 'populi', productIds: [19], accessDays: 180, learnerResult: 'Success (generic flow, vendor populi)' },
  { key: 'DEMO-SKILLABLE-0104', vendor: 'skillable', productIds: [18], accessDays: 180, learnerResult: 'Success (generic flow, vendor skillable)' },
  {
    key: 'DEMO-POPULI-LOT-0105',
    vendor: 'populi',
    productIds: [7],
    accessDays: 180,
    learnerResult: 'HasProductAlready (others with a USA address: Success with the waitlist note)',
  },
];

/** Keys of no vendor: CertMaster Practice products (the 404 path of the generic flow). */
export const demoCmpKeys = [
  {
    key: 'CMP-MULTI-0201',
    products: [
      { id: 5001, name: 'Security Essentials CertMaster Practice', remaining: 100 },
      { id: 5002, name: 'Networking Essentials CertMaster Practice', remaining: 100 },
    ],
  },
  { key: 'CMP-SINGLE-0202', products: [{ id: 5003, name: 'IT Support CertMaster Practice', remaining: 100 }] },
  { key: 'CMP-EMPTY-0203', products: [{ id: 5004, name: 'Linux Administration CertMaster Practice', remaining: 0 }] },
];

export const demoLegacyAccounts = [
  { login: 'legacy.learner', email: 'link@example.com', password: 'LegacyPass2026', certMasterUserId: 'cm-2000001', linkedTo: null },
  { login: 'legacy.linked', email: 'learner@example.com', password: 'LegacyPass2026', certMasterUserId: 'cm-1000001', linkedTo: LEARNER_ID },
  { login: 'legacy.faults', email: 'e2e.faults.link@example.com', password: 'LegacyPass2026', certMasterUserId: 'cm-2000052', linkedTo: null },
  { login: 'legacy.nav', email: 'e2e.nav.link@example.com', password: 'LegacyPass2026', certMasterUserId: 'cm-2000054', linkedTo: null },
];

// Each item's kind is named by the portal in the learner's language (fulfilment.json Pending.Kinds).
export const demoFulfillments = [
  { id: uuid(3001), accountId: demoId(10), kind: 'printedCertificate', item: 'Security Essentials' },
  { id: uuid(3002), accountId: demoId(10), kind: 'examVoucherCard', item: 'Networking Essentials' },
  { id: uuid(3003), accountId: demoId(32), kind: 'printedCertificate', item: 'Cloud Foundations' },
  { id: uuid(3004), accountId: demoId(33), kind: 'printedCertificate', item: 'Cloud Foundations' },
  { id: uuid(3005), accountId: demoId(43), kind: 'printedCertificate', item: 'Cloud Foundations' },
];

export const demoAnnouncements = [
  { id: 'welcome-en', language: 'en', heading: 'Welcome to the new portal', message: 'Manage your profile, training and exams in one place.' },
  { id: 'maintenance-en', language: 'en', heading: 'Scheduled maintenance', message: 'Exam scheduling is unavailable on Sunday from 02:00 to 04:00 UTC.' },
  { id: 'welcome-ja', language: 'ja', heading: '新しいポータルへようこそ', message: 'プロフィール、トレーニング、試験を一か所で管理できます。' },
  { id: 'maintenance-ja', language: 'ja', heading: 'メンテナンスのお知らせ', message: '日曜日の 02:00〜04:00 (UTC) は試験の予約ができません。' },
];

/** Product terms and their agreed translations (the texts console's glossary). */
export const demoGlossary: Array<{ term: string; lang: string; translation: string }> = [
  { term: 'access key', lang: 'ja', translation: 'アクセスキー' },
  { term: 'training product', lang: 'ja', translation: 'トレーニング製品' },
];
