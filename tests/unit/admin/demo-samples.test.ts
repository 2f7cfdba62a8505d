import { DEMO_PROFILES, samplesFor } from '../../../src/portal/admin/preview/demo-samples';
import { demoAccounts } from '../../../src/server/seed/demo-data';

describe("the preview's sample data", () => {
  it("holds the demo accounts' profiles as the services seed them", () => {
    for (const { email, profile } of Object.values(DEMO_PROFILES)) {
      const seeded = demoAccounts.find((a) => a.email === email)?.profile as Record<string, unknown> | undefined;
      expect(seeded, email).toBeDefined();
      for (const [key, value] of Object.entries(profile)) expect(seeded![key], `${email} ${key}`).toEqual(value);
    }
  });

  it("fills the profile form from a demo profile, in the form's shape", () => {
    const samples = samplesFor('profile', ['email', 'primaryAddress', 'mobilePhoneNumber', 'givenName']);
    expect(samples.map((s) => s.id)).toEqual(['gallery', 'learner', 'minor']);
    const learner = samples.find((s) => s.id === 'learner')!.data;
    expect(Object.keys(learner).sort()).toEqual(['email', 'givenName', 'mobilePhoneNumber', 'primaryAddress']);
    expect(learner.primaryAddress).toEqual({
      address1: '100 Main Street',
      address2: 'Suite 200',
      city: 'Chicago',
      state: 'IL',
      country: 'USA',
      postalCode: '60601',
    });
    expect(learner.mobilePhoneNumber).toMatchObject({ phone: '3125550102', phonetype: 'Cellphone' });
    expect(samplesFor('redeem', ['accessKey']).map((s) => s.id)).toEqual(['gallery']);
  });
});
