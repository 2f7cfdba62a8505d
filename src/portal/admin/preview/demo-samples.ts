/*
 * Sample data for the preview: the gallery's sample of each form and, for the forms that show a
 * stored profile (profile, exam), the demo accounts' profiles as the services seed them
 * (tests/unit/admin/demo-samples.test.ts checks they are the seeded ones), in the form's shape.
 */
import type { FormName } from '../../forms/definitions';
import { type StoredProfile, toProfileView } from '../../../shared/profile/view';
import { SAMPLES } from '../gallery/samples';
import type { TextKey } from '../../ui/texts/text-key';

/** Stored profiles of demo accounts, as seeded (the fields the forms show). */
export const DEMO_PROFILES: Record<'learner' | 'minor', { email: string; profile: StoredProfile }> = {
  learner: {
    email: 'learner@example.com',
    profile: {
      email: 'learner@example.com',
      givenName: { firstName: 'Alexandra', middleName: 'Jane', lastName: 'Rivera', suffix: '' },
      preferredName: { firstName: 'Alex', middleName: '', lastName: 'Rivera', suffix: '' },
      alternateEmail: 'alex.rivera@example.org',
      company: 'Example Learning Co',
      preferences: { language: 'en', allowMarketingEmails: true },
      allowConsentToSendSmsTextMessages: true,
      addresses: [
        { address1: '100 Main Street', address2: 'Suite 200', city: 'Chicago', state: 'IL', country: 'USA', postalCode: '60601', index: 0, isPrimary: true },
        { address1: '42 Lake Shore Drive', address2: '', city: 'Evanston', state: 'IL', country: 'USA', postalCode: '60201', index: 1, isPrimary: false },
      ],
      phoneNumbers: [
        { countryCode: '1', phone: '3125550100', phonetype: 'Home', index: 0, isPrimary: true },
        { countryCode: '1', phone: '3125550101', phonetype: 'Home', index: 1, isPrimary: false },
        { countryCode: '1', phone: '3125550102', phonetype: 'Cellphone', index: 2, isPrimary: false },
      ],
      birthMonth: '04',
      birthYear: '1990',
      isUsCitizenOlderThanEighteenYears: true,
      allowConsentToGatherBirthInformation: true,
      privacyPolicyAccepted: true,
      isMinor: false,
    },
  },
  minor: {
    email: 'minor@example.com',
    profile: {
      email: 'minor@example.com',
      givenName: { firstName: 'Sam', middleName: '', lastName: 'Lee', suffix: '' },
      preferences: { language: 'en', allowMarketingEmails: false },
      addresses: [
        { address1: '100 Main Street', address2: 'Suite 200', city: 'Chicago', state: 'IL', country: 'USA', postalCode: '60601', index: 0, isPrimary: true },
      ],
      phoneNumbers: [{ countryCode: '1', phone: '3125550100', phonetype: 'Home', index: 0, isPrimary: true }],
      isMinor: true,
    },
  },
};

export interface Sample {
  id: string;
  /** Its name for people: an admin text key, with the account's e-mail address. */
  labelKey: TextKey<'admin'>;
  email?: string;
  data: Record<string, unknown>;
}

const PROFILE_FORMS: readonly FormName[] = ['profile', 'exam'];

/** The samples a form can be previewed with; `fields` are the form's top-level fields. */
export function samplesFor(form: FormName, fields: readonly string[]): Sample[] {
  const samples: Sample[] = [{ id: 'gallery', labelKey: 'admin:Preview.SampleGallery', data: SAMPLES[form] }];
  if (PROFILE_FORMS.includes(form)) {
    for (const [id, { email, profile }] of Object.entries(DEMO_PROFILES)) {
      const view = toProfileView(profile) as Record<string, unknown>;
      samples.push({
        id,
        labelKey: 'admin:Preview.SampleDemo',
        email,
        data: Object.fromEntries(fields.filter((f) => view[f] !== undefined).map((f) => [f, view[f]])),
      });
    }
  }
  return samples;
}
